import { fillAutomationText, withoutLiveLinks } from '@agendaki/shared';
import { randomUUID } from 'node:crypto';
import { getClient } from '../clients/service';
import { enqueueMails } from '../mail/service';
import { sendWhatsappTemplate, type MessageKind } from '../whatsapp/service';
import { renderClientMessage } from './mails';
import * as repo from './repo';
import type { ComebackDeps } from './service';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe';

export interface MessageToSend {
  clientId: string;
  kind: 'return' | 'review' | 'missing' | 'birthday';
  sourceKey: string;
  template: string;
  service: string;
  link: string;
}

/** sent: recorded and queued; otherwise why nothing went. */
export type SendOutcome = 'sent' | 'duplicate' | 'opted-out' | 'unreachable';

const WHATSAPP_KINDS = {
  return: 'comeback_return',
  birthday: 'comeback_birthday',
  review: 'comeback_review',
  missing: 'comeback_missing',
} as const satisfies Record<MessageToSend['kind'], MessageKind>;

/** The key of a message's WhatsApp row: the same source as its record, so once as well. */
export const whatsappKeyOf = (kind: string, sourceKey: string) => `comeback:${kind}:${sourceKey}`;

/** Meta refuses line breaks, tabs and runs of spaces in a parameter: one line of text. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

class NotSent extends Error {}

/**
 * Records the message once for its source and, in the same transaction, plans it by WhatsApp
 * (her switch on, a mobile, no PARAR, within the month's cap) with the e-mail as fallback, or
 * queues the e-mail. Nothing for a client who opted out of marketing. `startAfter` holds it
 * until a decent hour.
 */
export async function sendClientMessage(
  deps: ComebackDeps,
  professional: { id: string; businessName: string },
  message: MessageToSend,
  startAfter?: Date,
): Promise<SendOutcome> {
  const now = deps.clock.now();
  const client = await getClient(deps, professional.id, message.clientId);
  if (!client.email && !client.phone) return 'unreachable';
  const stopUrl = unsubscribeUrl(
    deps.publicUrl,
    unsubscribeToken(deps.unsubscribeKey, professional.id, client.id),
  );
  const values = { name: client.name, service: message.service, link: message.link };
  try {
    return await deps.db.transaction(async (tx): Promise<SendOutcome> => {
      const optedOut = await repo.optedOutAmong(tx, professional.id, [client.id]);
      if (optedOut.size > 0) return 'opted-out';
      const id = randomUUID();
      const inserted = await repo.insertMessages(
        tx,
        professional.id,
        [{ id, clientId: client.id, kind: message.kind, sourceKey: message.sourceKey }],
        now,
      );
      if (inserted.length === 0) return 'duplicate';
      const mail = client.email
        ? renderClientMessage({
            to: client.email,
            kind: message.kind,
            businessName: professional.businessName,
            template: message.template,
            values,
            unsubscribeUrl: stopUrl,
          })
        : null;
      const whatsapp = await sendWhatsappTemplate(
        { db: tx, config: deps.whatsapp },
        {
          professionalId: professional.id,
          clientId: client.id,
          bookingId: null,
          phone: client.phone,
          kind: WHATSAPP_KINDS[message.kind],
          params: [
            oneLine(withoutLiveLinks(professional.businessName)),
            oneLine(fillAutomationText(message.template, values, withoutLiveLinks)),
            stopUrl,
          ],
          dedupeKey: whatsappKeyOf(message.kind, message.sourceKey),
          fallbackMail: mail,
          ...(startAfter ? { startAfter } : {}),
        },
        now,
      );
      if (whatsapp.queued) {
        await repo.setMessageChannel(tx, professional.id, id, 'whatsapp');
        return 'sent';
      }
      // No WhatsApp and no e-mail: the record goes back, so a later e-mail may still go.
      if (!mail) throw new NotSent();
      const [mailId] = await enqueueMails(
        { db: tx },
        [mail],
        now,
        { professionalId: professional.id, clientId: client.id },
        { startAfter },
      );
      await repo.setMessageMail(tx, professional.id, [{ id, mailId: mailId! }]);
      return 'sent';
    });
  } catch (error) {
    if (error instanceof NotSent) return 'unreachable';
    throw error;
  }
}
