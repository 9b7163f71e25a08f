import {
  type ClientStory,
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
import * as repo from './repo';

// A client's whole story (her page) and her part of an LGPD export and erasure (issue 50).

// ------------------------------------------------------------------ the story

const toState = (status: string | undefined): MessageState =>
  status === 'pending' ? 'queued' : status === 'sent' || status === 'failed' ? status : 'unknown';

/** Everything about the client, newest first: appointments, messages, forms, consent choices. */
export async function getClientStory(
  { db, box }: { db: Db; box: SecretBox },
  professional: { profileId: string; timezone: string },
  clientId: string,
): Promise<ClientStory> {
  const { profileId, timezone } = professional;
  const client = await getClient({ db }, profileId, clientId);
  const items: StoryItem[] = [];
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
    });
  }
  const messages = await repo.listMessagesOfClient(db, profileId, client.id);
  const states = await mailStates(
    { db },
    messages.flatMap((m) => (m.mailId ? [m.mailId] : [])),
  );
  for (const m of messages) {
    items.push({
      kind: 'message',
      at: m.createdAt.toISOString(),
      id: m.id,
      type: m.kind as 'return',
      state: toState(m.mailId ? states.get(m.mailId) : undefined),
      channel: 'email',
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
    birthDate: await repo.findBirthday(db, profileId, client.id),
    items,
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
    aniversario: await repo.findBirthday(db, professionalId, clientId),
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
