import type { TestContext } from './app';
import { nextIp } from './auth';
import { outboxTo, type BookableProfessional } from './booking';

/** Turns "código por e-mail" on (Configurações > Depois do agendamento), as the page does. */
export async function turnOnEmailCode(professional: BookableProfessional): Promise<void> {
  const current = await professional.pro.request({
    method: 'GET',
    url: '/api/settings/after-booking',
  });
  const res = await professional.pro.request({
    method: 'PUT',
    url: '/api/settings/after-booking',
    payload: { ...(current.json() as object), bookingEmailCode: true },
  });
  if (res.statusCode !== 200 || res.json().bookingEmailCode !== true) {
    throw new Error(`settings: ${res.statusCode} ${res.body}`);
  }
}

/** The 6-digit code of the latest code mail to `email`, read from the outbox. */
export async function latestCodeTo(ctx: TestContext, email: string): Promise<string> {
  const mails = await outboxTo(ctx, email);
  const subjects = mails.map((mail) => /^(\d{6}) é seu código/.exec(mail.subject)?.[1]);
  const code = subjects.filter(Boolean).at(-1);
  if (!code) throw new Error(`no code mail to ${email}`);
  return code;
}

export function confirmCode(
  ctx: TestContext,
  body: { professionalId: string; verificationId: string; code: string },
  ip = nextIp(),
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/bookings/confirm-code',
    payload: body,
    remoteAddress: ip,
  });
}
