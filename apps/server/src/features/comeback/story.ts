import {
  type ClientStory,
  type Closing,
  formatBirthday,
  type MessageState,
  type StoryItem,
  timeToMinutes,
  zonedStartOfDay,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { answersOfClient } from '../anamnesis/service';
import { streamAppointments } from '../appointments/service';
import { getClient } from '../clients/service';
import { mailStates } from '../mail/service';
import { closingsOfClient } from '../payments/service';
import { whatsappStatesByKey } from '../whatsapp/service';
import * as repo from './repo';
import { whatsappKeyOf } from './send';

// A client's whole story (her page) and her part of an LGPD export and erasure (issue 50).

// ------------------------------------------------------------------ the story

const toState = (status: string | undefined): MessageState =>
  status === 'pending' ? 'queued' : status === 'sent' || status === 'failed' ? status : 'unknown';

/** A WhatsApp message's state as the story reads it: delivered and read are sent. */
const toWhatsappState = (status: string | undefined): MessageState =>
  status === 'queued' || status === 'failed'
    ? status
    : status === 'sent' || status === 'delivered' || status === 'read'
      ? 'sent'
      : 'unknown';

/** Everything about the client, newest first: appointments, messages, forms, consent choices. */
export async function getClientStory(
  { db, box }: { db: Db; box: SecretBox },
  professional: { profileId: string; timezone: string },
  clientId: string,
): Promise<ClientStory> {
  const { profileId, timezone } = professional;
  const client = await getClient({ db }, profileId, clientId);
  const items: StoryItem[] = [];
  // What each closed appointment came to (issue 49), from the money feature.
  const closings = new Map(
    (await closingsOfClient({ db }, profileId, client.id)).map((c) => [c.appointmentId, c]),
  );
  for await (const a of streamAppointments({ db }, profileId, { clientId: client.id })) {
    const at =
      zonedStartOfDay(a.appointmentDate, timezone).getTime() + timeToMinutes(a.startTime) * 60_000;
    items.push({
      kind: 'appointment',
      at: new Date(at).toISOString(),
      id: a.id,
      date: a.appointmentDate,
      startTime: a.startTime,
      endTime: a.endTime,
      status: a.status,
      serviceName: a.service.name,
      totalPriceCents: a.totalPriceCents,
      notes: a.notes,
      closing: toPaid(closings.get(a.id)),
    });
  }
  const messages = await repo.listMessagesOfClient(db, profileId, client.id);
  const states = await mailStates(
    { db },
    messages.flatMap((m) => (m.mailId ? [m.mailId] : [])),
  );
  const whatsappStates = await whatsappStatesByKey(
    { db },
    profileId,
    messages.filter((m) => m.channel === 'whatsapp').map((m) => whatsappKeyOf(m.kind, m.sourceKey)),
  );
  for (const m of messages) {
    const isWhatsapp = m.channel === 'whatsapp';
    items.push({
      kind: 'message',
      at: m.createdAt.toISOString(),
      id: m.id,
      type: m.kind as 'return',
      state: isWhatsapp
        ? toWhatsappState(whatsappStates.get(whatsappKeyOf(m.kind, m.sourceKey)))
        : toState(m.mailId ? states.get(m.mailId) : undefined),
      channel: isWhatsapp ? 'whatsapp' : 'email',
    });
  }
  const consents = await repo.listConsentsOfClient(db, profileId, client.id);
  for (const c of consents) {
    items.push({
      kind: 'consent',
      at: c.givenAt.toISOString(),
      id: c.id,
      purpose: c.purpose as 'marketing',
      granted: c.granted,
      via: c.via as 'professional',
    });
  }
  // The anamnesis forms she answered, and the consent she gave with each (LGPD art. 11).
  for (const form of await answersOfClient({ db, box }, profileId, client.id)) {
    items.push({
      kind: 'form',
      at: form.answeredAt,
      id: form.id,
      formName: form.formName,
      version: form.version,
      items: form.items,
    });
    items.push({
      kind: 'consent',
      at: form.consentedAt,
      id: `${form.id}-consent`,
      purpose: 'health',
      granted: true,
      via: 'form',
    });
  }
  items.sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));
  const latestMarketing = consents.find((c) => c.purpose === 'marketing');
  return {
    isOptedOut: latestMarketing ? !latestMarketing.granted : false,
    birthday: await birthdayText(db, profileId, client.id),
    items,
  };
}

async function birthdayText(db: Db, professionalId: string, clientId: string) {
  const birthday = await repo.findBirthday(db, professionalId, clientId);
  return birthday ? formatBirthday(birthday) : null;
}

function toPaid(closing: Closing | undefined) {
  if (!closing) return null;
  return {
    totalCents: closing.totalCents,
    paidCents: closing.paidCents,
    owedCents: closing.owedCents,
    payments: closing.payments.map((p) => ({ method: p.method, amountCents: p.amountCents })),
  };
}

// ------------------------------------------------------------------ LGPD

/** A client's erasure: her messages and consent records go (pass the transaction). */
export function deleteComebackDataOfClient(db: Db, professionalId: string, clientId: string) {
  return repo.deleteOfClient(db, professionalId, clientId);
}

/** Her messages and consent choices for her export (the export's keys are pt-BR). */
export async function comebackDataOfClient(db: Db, professionalId: string, clientId: string) {
  const messages = await repo.listMessagesOfClient(db, professionalId, clientId);
  const consents = await repo.listConsentsOfClient(db, professionalId, clientId);
  return {
    aniversario: await birthdayText(db, professionalId, clientId),
    mensagens: messages.map((m) => ({
      tipo: m.kind,
      canal: m.channel,
      criadaEm: m.createdAt.toISOString(),
    })),
    consentimentos: consents.map((c) => ({
      finalidade: c.purpose,
      aceito: c.granted,
      como: c.via,
      quando: c.givenAt.toISOString(),
    })),
  };
}
