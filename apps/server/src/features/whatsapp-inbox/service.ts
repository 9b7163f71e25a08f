// A signed webhook's body: status updates, and the clients' answers acted on once each.
import {
  formatIsoDate,
  looksLikeUuid,
  type ManageView,
  type WhatsappWebhookBody,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { getClient } from '../clients/service';
import { enqueueMails } from '../mail/service';
import {
  cancelByToken,
  confirmByToken,
  ensureManageToken,
  getManageView,
  type ManagePublicDeps,
} from '../manage/service';
import { findPublicProfileById } from '../profile/service';
import {
  applyStatus,
  BUTTON_ACTIONS,
  findConversation,
  forgetAnswer,
  planReply,
  recordAnswer,
  setOptOut,
  type ButtonAction,
  type MessageRow,
  type PlatformStatus,
} from '../whatsapp/service';
import { renderAnswerNotice } from './mails';

export type InboxDeps = ManagePublicDeps;

type IncomingMessage = NonNullable<
  WhatsappWebhookBody['entry'][number]['changes'][number]['value']['messages']
>[number];

const STOP_WORDS = ['PARAR', 'SAIR'];
const RESUME_WORD = 'VOLTAR';
const PLATFORM_STATUSES: readonly string[] = ['sent', 'delivered', 'read', 'failed'];

/** "Cancelar", " cancelar! " and "CANCELAR" read the same; accents dropped. */
function wordOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
}

/** A quick-reply button's payload, `ACTION:<professional id>:<message id>` (whatsapp/job.ts). */
function parseButton(message: IncomingMessage) {
  const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
  const match = payload ? /^([A-Z]+):([0-9a-f-]{36}):([0-9a-f-]{36})$/.exec(payload) : null;
  if (!match || !(BUTTON_ACTIONS as readonly string[]).includes(match[1]!)) return null;
  if (!looksLikeUuid(match[2]!) || !looksLikeUuid(match[3]!)) return null;
  return { action: match[1] as ButtonAction, professionalId: match[2]!, messageId: match[3]! };
}

export type AnswerOutcome = 'applied' | 'duplicate' | 'unknown';

export async function handleWebhookBody(
  deps: InboxDeps,
  body: WhatsappWebhookBody,
): Promise<{ statuses: number; answers: Record<AnswerOutcome, number> }> {
  let statuses = 0;
  const answers: Record<AnswerOutcome, number> = { applied: 0, duplicate: 0, unknown: 0 };
  for (const entry of body.entry) {
    for (const { value } of entry.changes) {
      for (const status of value.statuses ?? []) {
        if (!PLATFORM_STATUSES.includes(status.status)) continue;
        const error = status.errors?.[0];
        const changed = await applyStatus(deps, {
          waMessageId: status.id,
          status: status.status as PlatformStatus,
          code: error?.code ?? null,
          text: error?.title ?? 'Falha informada pelo WhatsApp',
        });
        if (changed) statuses += 1;
      }
      for (const message of value.messages ?? []) {
        answers[await applyAnswer(deps, message)] += 1;
      }
    }
  }
  return { statuses, answers };
}

async function applyAnswer(deps: InboxDeps, message: IncomingMessage): Promise<AnswerOutcome> {
  const phone = `+${message.from}`;
  const button = parseButton(message);
  const conversation = await findConversation(deps.db, phone, button);
  if (!conversation) return 'unknown';
  // Once per answer id: Meta redelivers, and a replay must change nothing.
  if (!(await recordAnswer(deps, conversation.professionalId, message.id))) return 'duplicate';
  try {
    return await actOn(deps, message, conversation, button?.action ?? null);
  } catch (error) {
    await forgetAnswer(deps, conversation.professionalId, message.id);
    throw error;
  }
}

async function actOn(
  deps: InboxDeps,
  message: IncomingMessage,
  conversation: MessageRow,
  pressed: ButtonAction | null,
): Promise<AnswerOutcome> {
  const phone = conversation.toPhone;
  const text = message.text?.body ?? message.button?.text ?? '';
  const word = wordOf(text);
  const reply = (answer: string) => planReply(deps, conversation, message.id, answer);
  const profile = await findPublicProfileById({ db: deps.db }, conversation.professionalId);
  const business = profile?.businessName ?? 'o profissional';
  if (STOP_WORDS.includes(word)) {
    await setOptOut(deps, conversation.professionalId, phone, true, word);
    await reply(
      `Pronto: você não receberá mais mensagens de ${business} pelo WhatsApp. ` +
        `Para voltar a receber, responda ${RESUME_WORD}.`,
    );
    return 'applied';
  }
  if (word === RESUME_WORD) {
    await setOptOut(deps, conversation.professionalId, phone, false, word);
    await reply(`Combinado: você voltará a receber as mensagens de ${business} por aqui.`);
    return 'applied';
  }
  const typed = (BUTTON_ACTIONS as readonly string[]).includes(word)
    ? (word as ButtonAction)
    : null;
  const action = pressed ?? typed;
  if (action && conversation.bookingId) {
    await reply(await applyBookingAction(deps, conversation, action));
    return 'applied';
  }
  if (profile && text.trim() !== '') {
    const client = conversation.clientId
      ? await getClient({ db: deps.db }, conversation.professionalId, conversation.clientId).catch(
          () => null,
        )
      : null;
    const notice = renderAnswerNotice(profile.email, {
      clientName: client?.name ?? 'Cliente',
      phone,
      message: text,
      agendaLink: `${deps.publicUrl}/dashboard/appointments`,
    });
    await enqueueMails({ db: deps.db }, [notice], deps.clock.now(), {
      professionalId: conversation.professionalId,
      ...(conversation.clientId ? { clientId: conversation.clientId } : {}),
    });
  }
  return 'applied';
}

/** How to reach the professional, when the link's rules no longer let the client change. */
function reachProfessional(view: ManageView): string {
  const contact = view.whatsappUrl ?? view.phone;
  return contact
    ? `Fale com ${view.professionalName}: ${contact}`
    : `Fale com ${view.professionalName} para combinar.`;
}

/**
 * Confirmar, Cancelar and Remarcar through features/manage's own actions, with its cutoff and
 * rules; the professional is told as from the manage link (its change notice).
 */
async function applyBookingAction(
  deps: InboxDeps,
  conversation: MessageRow,
  action: ButtonAction,
): Promise<string> {
  const { professionalId, bookingId } = conversation;
  const token = await ensureManageToken(deps, professionalId, bookingId!, deps.clock.now());
  const url = `${deps.publicUrl}/agendamento/${token}`;
  let view: ManageView;
  try {
    view = await getManageView(deps, token);
  } catch (error) {
    if (error instanceof AppError) return 'Este agendamento já passou ou não existe mais.';
    throw error;
  }
  const when = `${formatIsoDate(view.date)} às ${view.startTime}`;
  if (view.status === 'cancelled') return `Seu horário de ${when} já está cancelado.`;
  if (!view.canChange) {
    const cutoff =
      view.cutoffHours > 0
        ? `Mudanças por aqui só até ${view.cutoffHours} h antes do horário.`
        : 'O horário já começou.';
    return `${cutoff} ${reachProfessional(view)}`;
  }
  if (action === 'REMARCAR') return `Para escolher outro horário, abra: ${url}`;
  try {
    if (action === 'CONFIRMAR') {
      await confirmByToken(deps, token);
      return `Presença confirmada: ${when}. Até lá!`;
    }
    await cancelByToken(deps, token);
    return `Seu horário de ${when} foi cancelado e liberado. Para agendar de novo: ${url}`;
  } catch (error) {
    if (error instanceof AppError) return `Não foi possível por aqui. ${reachProfessional(view)}`;
    throw error;
  }
}
