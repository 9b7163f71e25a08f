import {
  ANAMNESIS_CONSENT_TEXT,
  type AnamnesisForm,
  type anamnesisFormInputSchema,
  type AnamnesisAnswerInput,
  type AnsweredForm,
  type AnswerValue,
  answerText,
  type BookingForms,
  checkAnswers,
  CONSENT_REQUIRED_MESSAGE,
} from '@agendaki/shared';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { listServices } from '../services/service';
import * as repo from './repo';

/**
 * Anamnesis forms (issue 50): built by the professional, attached to services, answered by the
 * client after an explicit consent. Answers are sealed with the secret box (health data, LGPD
 * art. 11); a change of a form makes a new version, so old answers stay readable.
 */
export interface AnamnesisDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
}

export const FORM_NOT_FOUND = 'Ficha não encontrada';
const SERVICE_NOT_FOUND = 'Serviço não encontrado';
type FormInput = z.output<typeof anamnesisFormInputSchema>;

const contextOf = (professionalId: string, answerId: string) =>
  `anamnesis:${professionalId}:${answerId}`;

export async function listForms(
  { db }: Pick<AnamnesisDeps, 'db'>,
  professionalId: string,
): Promise<AnamnesisForm[]> {
  const [forms, attachments, counts] = [
    await repo.listForms(db, professionalId),
    await repo.listAttachments(db, professionalId),
    await repo.countAnswersByForm(db, professionalId),
  ];
  return forms.map((form) => ({
    ...form,
    serviceIds: attachments.filter((a) => a.formId === form.id).map((a) => a.serviceId),
    answerCount: counts.get(form.id) ?? 0,
  }));
}

async function checkServices(db: Db, professionalId: string, serviceIds: readonly string[]) {
  const own = new Set(
    (await listServices({ db }, professionalId, { activeOnly: false })).map((s) => s.id),
  );
  const ids = [...new Set(serviceIds.map((id) => id.toLowerCase()))];
  if (ids.some((id) => !own.has(id))) throw new AppError('BAD_REQUEST', SERVICE_NOT_FOUND);
  return ids;
}

/** A new form, or a new version of `id`: the old versions stay for the answers given to them. */
export async function saveForm(
  deps: Pick<AnamnesisDeps, 'db' | 'clock'>,
  professionalId: string,
  input: FormInput,
  id?: string,
): Promise<AnamnesisForm> {
  const serviceIds = await checkServices(deps.db, professionalId, input.serviceIds);
  const now = deps.clock.now();
  const formId = await deps.db.transaction(async (tx) => {
    let formId = id;
    let version = 1;
    if (formId) {
      const form = await repo.lockForm(tx, professionalId, formId);
      if (!form) throw new AppError('NOT_FOUND', FORM_NOT_FOUND);
      version = form.currentVersion + 1;
    } else {
      formId = await repo.insertForm(tx, professionalId, input.name, now);
    }
    await repo.insertVersion(tx, professionalId, formId, version, input.fields, now);
    await repo.setFormVersion(tx, professionalId, formId, { name: input.name, version }, now);
    await repo.attachServices(tx, professionalId, formId, serviceIds);
    return formId;
  });
  const saved = (await listForms(deps, professionalId)).find((form) => form.id === formId);
  return saved!;
}

// ------------------------------------------------------------------ the client's side

/** The forms a booking's services ask for, each with when it was answered. */
export async function formsOfBooking(
  { db }: Pick<AnamnesisDeps, 'db'>,
  booking: { professionalId: string; bookingId: string; serviceIds: readonly string[] },
): Promise<BookingForms> {
  const attachments = await repo.listAttachments(db, booking.professionalId);
  const wanted = new Set(
    attachments.filter((a) => booking.serviceIds.includes(a.serviceId)).map((a) => a.formId),
  );
  const forms = (await repo.listForms(db, booking.professionalId)).filter((f) => wanted.has(f.id));
  const answers = await repo.listAnswersOfBookings(db, booking.professionalId, [booking.bookingId]);
  return {
    consentText: ANAMNESIS_CONSENT_TEXT,
    forms: forms.map((form) => ({
      formId: form.id,
      version: form.version,
      name: form.name,
      fields: form.fields,
      answeredAt: answers.find((a) => a.formId === form.id)?.createdAt.toISOString() ?? null,
    })),
  };
}

/**
 * The client's answers to a form her booking asks for, with her consent, sealed; once per
 * booking and form (a second sending answers 409).
 */
export async function answerForm(
  deps: AnamnesisDeps,
  booking: { professionalId: string; bookingId: string; clientId: string; serviceIds: string[] },
  input: AnamnesisAnswerInput,
): Promise<void> {
  // The schema asks for it too; health data is never kept without an explicit consent.
  if (input.consent !== true) throw new AppError('BAD_REQUEST', CONSENT_REQUIRED_MESSAGE);
  const asked = await formsOfBooking(deps, booking);
  const form = asked.forms.find((f) => f.formId === input.formId.toLowerCase());
  if (!form) throw new AppError('NOT_FOUND', FORM_NOT_FOUND);
  if (form.version !== input.version) {
    throw new AppError('CONFLICT', 'A ficha foi alterada. Recarregue a página e responda de novo.');
  }
  const checked = checkAnswers(form.fields, input.answers as Record<string, AnswerValue>);
  if ('error' in checked) throw new AppError('BAD_REQUEST', checked.error);
  const id = randomUUID();
  const now = deps.clock.now();
  const isNew = await repo.insertAnswer(deps.db, {
    id,
    professionalId: booking.professionalId,
    clientId: booking.clientId,
    bookingId: booking.bookingId,
    formId: form.formId,
    version: form.version,
    sealedAnswers: deps.box.seal(
      JSON.stringify(checked.answers),
      contextOf(booking.professionalId, id),
    ),
    consentedAt: now,
    createdAt: now,
  });
  if (!isNew) throw new AppError('CONFLICT', 'Esta ficha já foi respondida.');
}

// ------------------------------------------------------------------ the professional reads

async function toAnswered(
  deps: Pick<AnamnesisDeps, 'db' | 'box'>,
  professionalId: string,
  rows: repo.AnswerRow[],
): Promise<AnsweredForm[]> {
  const answered: AnsweredForm[] = [];
  for (const row of rows) {
    const version = await repo.findVersion(deps.db, professionalId, row.formId, row.version);
    if (!version) continue;
    const values = JSON.parse(
      deps.box.open(row.sealedAnswers, contextOf(professionalId, row.id)),
    ) as Record<string, AnswerValue>;
    answered.push({
      id: row.id,
      formName: version.name,
      version: row.version,
      bookingId: row.bookingId,
      answeredAt: row.createdAt.toISOString(),
      consentedAt: row.consentedAt.toISOString(),
      items: version.fields.map((field) => ({
        label: field.label,
        answer: answerText(field, values[field.id]),
      })),
    });
  }
  return answered;
}

/** The answers given for a booking (the appointment's view). */
export async function answersOfBooking(
  deps: Pick<AnamnesisDeps, 'db' | 'box'>,
  professionalId: string,
  bookingId: string,
): Promise<AnsweredForm[]> {
  return toAnswered(
    deps,
    professionalId,
    await repo.listAnswersOfBookings(deps.db, professionalId, [bookingId]),
  );
}

/** Every form the client answered (her page and her export). */
export async function answersOfClient(
  deps: Pick<AnamnesisDeps, 'db' | 'box'>,
  professionalId: string,
  clientId: string,
): Promise<AnsweredForm[]> {
  return toAnswered(
    deps,
    professionalId,
    await repo.listAnswersOfClient(deps.db, professionalId, clientId),
  );
}

/** A client's erasure: her answers go (pass the transaction). */
export function deleteAnswersOfClient(db: Db, professionalId: string, clientId: string) {
  return repo.deleteAnswersOfClient(db, professionalId, clientId);
}
