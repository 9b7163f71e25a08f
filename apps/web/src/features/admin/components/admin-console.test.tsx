import type { AdminNumbers, AdminProfessional, AuditEntry } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi, type StubRequest } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { AdminConsole } from './admin-console';

const marta: AdminProfessional = {
  id: '3b8f1c2e-5d4a-4f6b-9c7d-1e2f3a4b5c6d',
  email: 'marta@exemplo.com.br',
  professionalName: 'Marta Alvo',
  businessName: 'Estúdio Marta',
  customLink: 'estudio-marta',
  // 01:30 UTC on the 2nd is still the 1st in São Paulo.
  signedUpAt: '2026-11-02T01:30:00.000Z',
  emailConfirmed: false,
  state: 'trial',
  trialDaysLeft: 3,
  trialEnd: '2026-11-24T12:00:00.000Z',
  lastSignInAt: null,
  appointmentsLast30Days: 4,
  suspended: false,
};

const numbers: AdminNumbers = {
  weeks: [{ weekStart: '2026-11-15', trialsStarted: 2, converted: 1 }],
  payingAccounts: 3,
  mrrCents: 4500,
  planPriceCents: 1500,
  months: [{ month: '2026-11', cancellations: 1 }],
};

const entry: AuditEntry = {
  id: 'a1',
  at: '2026-11-21T15:05:00.000Z',
  operatorEmail: 'olga@agendaki.com.br',
  subjectEmail: 'marta@exemplo.com.br',
  action: 'extend_trial',
  detail: '+5 dias, até 24/11/2026',
  reason: 'Pediu mais prazo',
};

describe('the operator console', () => {
  it('says "Acesso restrito" to an account without the role', async () => {
    stubApi({
      'GET /api/admin/audit-log': apiErrorResponse(
        403,
        'FORBIDDEN',
        'Acesso restrito à equipe de operação do Agendaki.',
      ),
    });
    renderPage(<AdminConsole />);
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeDefined();
    expect(screen.getByText('Acesso restrito à equipe de operação do Agendaki.')).toBeDefined();
  });

  it('shows the numbers, the accounts and the log, and sends an action with its reason', async () => {
    const { calls } = stubApi({
      'GET /api/admin/audit-log': { entries: [entry] },
      'GET /api/admin/numbers': numbers,
      'GET /api/admin/professionals': { professionals: [marta] },
      'POST /api/admin/professionals/3b8f1c2e-5d4a-4f6b-9c7d-1e2f3a4b5c6d/extend-trial': ({
        body,
      }: StubRequest) => ({ message: 'Teste grátis estendido.', professional: marta, body }),
    });
    renderPage(<AdminConsole />);

    expect(await screen.findByText('R$ 45,00')).toBeDefined();
    const card = await screen.findByRole('article', { name: /marta@exemplo\.com\.br/ });
    expect(within(card).getByText('Teste grátis · 3 dias restantes')).toBeDefined();
    expect(within(card).getByText('E-mail não confirmado')).toBeDefined();
    expect(within(card).getByText('01/11/2026')).toBeDefined();
    expect(within(card).getByText('Nunca')).toBeDefined();
    const log = screen.getByRole('list', { name: 'Ações registradas' });
    expect(within(log).getByText('Motivo: Pediu mais prazo')).toBeDefined();
    expect(within(log).getByText(/21\/11\/2026 12:05 · por olga@agendaki\.com\.br/)).toBeDefined();

    await userEvent.click(within(card).getByRole('button', { name: 'Estender teste' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Estender' }));
    expect(await within(dialog).findByText('Escreva o motivo')).toBeDefined();
    const days = within(dialog).getByLabelText('Dias a mais');
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Pediu mais prazo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Estender' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        reason: 'Pediu mais prazo',
        days: 5,
      }),
    );
  });
});
