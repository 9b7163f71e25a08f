import type { BookingInput } from '@agendaki/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi, type StubRequest } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import {
  makeBookingResponse,
  makeProfessional,
  POW_CHALLENGE,
  PROFESSIONAL_ID,
} from '../testing/fixtures';
import { BookingPage } from './booking-page';

const VERIFICATION_ID = '0f0e5a1c-7d4b-4c9a-8a3e-5b6c7d8e9f10';

/** With "código por e-mail" on (decision 028): 202, the code step, then the booking. */
describe('the booking page, when the professional asks for the e-mailed code', () => {
  it('shows the code step, refuses a wrong code in place, then books', async () => {
    let sent: BookingInput | undefined;
    const { calls } = stubApi({
      'GET /api/public/professionals/studio-ana': {
        ...makeProfessional(),
        bookingEmailCode: true,
      },
      [`GET /api/public/professionals/${PROFESSIONAL_ID}/days`]: ({ query }: StubRequest) => ({
        month: query.get('month'),
        days: ['2026-11-23'],
      }),
      [`GET /api/public/professionals/${PROFESSIONAL_ID}/slots`]: ({ query }: StubRequest) => ({
        date: query.get('date'),
        slots: ['09:00'],
      }),
      'GET /api/public/booking-challenge': POW_CHALLENGE,
      'POST /api/public/bookings': ({ body }: StubRequest) => {
        sent = body as BookingInput;
        return new Response(
          JSON.stringify({
            status: 'code_sent',
            verificationId: VERIFICATION_ID,
            email: 'ma***@exemplo.com',
            expiresAt: '2026-11-21T12:10:00.000Z',
          }),
          { status: 202 },
        );
      },
      'POST /api/public/bookings/confirm-code': ({ body }: StubRequest) =>
        (body as { code: string }).code === '123456'
          ? new Response(JSON.stringify(makeBookingResponse(sent!)), { status: 201 })
          : apiErrorResponse(
              400,
              'EMAIL_CODE_INVALID',
              'Código incorreto. Confira o e-mail e tente novamente.',
            ),
    });
    const user = userEvent.setup();
    renderPage(<BookingPage link="studio-ana" />);
    await user.click(await screen.findByRole('button', { name: 'Escova' }));
    await user.click(screen.getByRole('button', { name: 'Continuar para a data' }));
    await user.click(
      await screen.findByRole('button', { name: /23 de novembro de 2026/ }, { timeout: 8000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Continuar para horário' }));
    await user.click(await screen.findByRole('button', { name: '09:00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Agendamento' });
    await user.type(within(dialog).getByLabelText(/^Nome completo/), 'Maria Silva');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'maria@exemplo.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await within(dialog).findByText('Enviamos um código para seu e-mail')).toBeDefined();
    expect(within(dialog).getByText('ma***@exemplo.com')).toBeDefined();
    const code = within(dialog).getByLabelText('Código do e-mail');
    expect(document.activeElement).toBe(code);
    await user.keyboard('654321{Enter}');
    expect(
      await screen.findByText('Código incorreto. Confira o e-mail e tente novamente.'),
    ).toBeDefined();
    await user.clear(code);
    await user.keyboard('123456{Enter}');

    expect(await screen.findByText('Agendamento confirmado!')).toBeDefined();
    const confirms = calls.filter((c) => c.path === '/api/public/bookings/confirm-code');
    expect(confirms.map((c) => c.body)).toEqual([
      { professionalId: PROFESSIONAL_ID, verificationId: VERIFICATION_ID, code: '654321' },
      { professionalId: PROFESSIONAL_ID, verificationId: VERIFICATION_ID, code: '123456' },
    ]);
  }, 30_000);
});
