import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anamnesisAnswers } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  outboxTo,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';

/**
 * Fichas de anamnese (issue 50): answered on the manage link after an explicit consent, sealed
 * at rest, shown on the appointment and the client's page, exported, erased with the client,
 * never in a mail or the calendar feed; a changed form keeps old answers readable.
 */
let ctx: TestContext;
let shop: BookableProfessional;
let formId: string;
const SECRET_ANSWER = 'Alergia a lidocaína-XYZ';

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx, { businessName: 'Clínica Ficha' });
  const res = await shop.pro.request({
    method: 'POST',
    url: '/api/anamnesis/forms',
    payload: {
      name: 'Ficha facial',
      fields: [
        { id: 'alergia', label: 'Alergias', type: 'short_text', required: true },
        { id: 'gestante', label: 'Está gestante?', type: 'yes_no', required: true },
        {
          id: 'pele',
          label: 'Tipo de pele',
          type: 'one_choice',
          required: false,
          options: ['Seca', 'Oleosa'],
        },
        { id: 'nasc', label: 'Nascimento', type: 'date', required: false },
      ],
      serviceIds: [shop.services[0]!.id],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  formId = res.json().id;
});
afterAll(async () => {
  await ctx.close();
});

async function book(time: string) {
  const email = `cli-${randomUUID().slice(0, 8)}@exemplo.com.br`;
  const res = await postBooking(ctx, bookingBody(shop, { clientEmail: email, time }));
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  const token = String(body.manageUrl).split('/agendamento/')[1]!;
  return { email, token, appointmentId: body.appointments[0].id as string, body };
}

const answer = (token: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/public/manage/${token}/anamnesis`,
    payload: { formId, version: 1, consent: true, ...body },
  });

describe('answering on the manage link', () => {
  it('needs the consent and the required answers, then stores them sealed, once', async () => {
    const { token, appointmentId, email } = await book('09:00');
    const forms = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/manage/${token}/anamnesis`,
    });
    expect(forms.statusCode).toBe(200);
    expect(forms.json().forms).toMatchObject([{ formId, version: 1, answeredAt: null }]);
    expect(forms.json().consentText).toContain('LGPD');

    const noConsent = await answer(token, { consent: false, answers: {} });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe('Para enviar a ficha, aceite o termo de consentimento.');
    const missing = await answer(token, { answers: { alergia: 'nenhuma' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Responda: Está gestante?');
    const badChoice = await answer(token, {
      answers: { alergia: 'x', gestante: false, pele: 'Mista' },
    });
    expect(badChoice.statusCode).toBe(400);

    const ok = await answer(token, {
      answers: { alergia: SECRET_ANSWER, gestante: false, pele: 'Seca', nasc: '1990-05-17' },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(
      (await answer(token, { answers: { alergia: 'outra', gestante: true } })).statusCode,
    ).toBe(409);

    // Sealed at rest: the row holds no answer in clear.
    const rows = await ctx.database.db
      .select()
      .from(anamnesisAnswers)
      .where(eq(anamnesisAnswers.formId, formId));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('lidocaína');

    // On the appointment, for the professional.
    const shown = await shop.pro.request({
      method: 'GET',
      url: `/api/anamnesis/appointments/${appointmentId}`,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()[0].items).toEqual([
      { label: 'Alergias', answer: SECRET_ANSWER },
      { label: 'Está gestante?', answer: 'Não' },
      { label: 'Tipo de pele', answer: 'Seca' },
      { label: 'Nascimento', answer: '17/05/1990' },
    ]);
    // Never in a mail nor in the calendar feed.
    const mails = await outboxTo(ctx, email);
    expect(mails.map((m) => m.text + m.html).join('')).not.toContain('lidocaína');
    const feed = await shop.pro.request({ method: 'POST', url: '/api/settings/calendar-feed' });
    expect(feed.statusCode).toBe(201);
    const ics = await ctx.app.inject({
      method: 'GET',
      url: new URL(feed.json().httpsUrl).pathname,
      remoteAddress: '192.0.2.50',
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).not.toContain('lidocaína');
  });

  it('keeps answers to an old version readable after the form changes', async () => {
    const { token, appointmentId } = await book('10:00');
    expect(
      (await answer(token, { answers: { alergia: 'pólen', gestante: true } })).statusCode,
    ).toBe(201);
    const changed = await shop.pro.request({
      method: 'PUT',
      url: `/api/anamnesis/forms/${formId}`,
      payload: {
        name: 'Ficha facial nova',
        fields: [{ id: 'outra', label: 'Usa ácidos?', type: 'yes_no', required: true }],
        serviceIds: [shop.services[0]!.id],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ version: 2 });
    const shown = await shop.pro.request({
      method: 'GET',
      url: `/api/anamnesis/appointments/${appointmentId}`,
    });
    expect(shown.json()[0]).toMatchObject({ version: 1, formName: 'Ficha facial nova' });
    expect(shown.json()[0].items[0]).toEqual({ label: 'Alergias', answer: 'pólen' });
    // A client with the old page open is told to reload.
    const { token: later } = await book('11:00');
    const stale = await answer(later, { version: 1, answers: { alergia: 'x', gestante: true } });
    expect(stale.statusCode).toBe(409);
  });

  it('an unknown token is a 404, another account cannot read the answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public/manage/abc/anamnesis' });
    expect(res.statusCode).toBe(404);
    const other = await createBookableProfessional(ctx, { businessName: 'Outra Clínica' });
    const { appointmentId } = await book('13:00');
    const refused = await other.pro.request({
      method: 'GET',
      url: `/api/anamnesis/appointments/${appointmentId}`,
    });
    expect(refused.statusCode).toBe(404);
    const theirs = await other.pro.request({
      method: 'PUT',
      url: `/api/anamnesis/forms/${formId}`,
      payload: {
        name: 'x',
        fields: [{ id: 'a', label: 'b', type: 'yes_no', required: true }],
        serviceIds: [],
      },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the client page, export and erasure', () => {
  it('shows the answers in her story, exports them, and erasure removes them', async () => {
    const { token, body } = await book('14:00');
    expect((await answer(token, { version: 2, answers: { outra: true } })).statusCode).toBe(201);
    const clientId = body.appointments[0].clientId ?? (await clientOf(body.appointments[0].id));
    const story = await shop.pro.request({
      method: 'GET',
      url: `/api/comeback/clients/${clientId}/story`,
    });
    const kinds = story.json().items.map((item: { kind: string }) => item.kind);
    expect(kinds).toContain('form');
    expect(story.json().items).toContainEqual(
      expect.objectContaining({ kind: 'consent', purpose: 'health', via: 'form', granted: true }),
    );
    const exported = await shop.pro.request({
      method: 'GET',
      url: `/api/clients/${clientId}/export?format=json`,
    });
    expect(JSON.parse(exported.body).fichas[0].respostas).toEqual([
      { pergunta: 'Usa ácidos?', resposta: 'Sim' },
    ]);

    const name = (await shop.pro.request({ method: 'GET', url: `/api/clients/${clientId}` })).json()
      .name;
    const erased = await shop.pro.request({
      method: 'POST',
      url: `/api/clients/${clientId}/erase`,
      payload: { confirmName: name },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await ctx.database.db.execute(
      sql`select count(*)::int as n from anamnesis_answers where client_id = ${clientId}`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});

async function clientOf(appointmentId: string): Promise<string> {
  const res = await shop.pro.request({ method: 'GET', url: `/api/appointments/${appointmentId}` });
  return res.json().clientId;
}
