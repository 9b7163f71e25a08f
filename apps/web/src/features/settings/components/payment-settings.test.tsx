import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from '@agendaki/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { PaymentSettingsCard } from './payment-settings';

function renderSettings(settings: PaymentSettings = DEFAULT_PAYMENT_SETTINGS) {
  const api = stubApi({
    'GET /api/settings/payments': settings,
    'PUT /api/settings/payments': (request) => request.body as object,
  });
  return { api, ...renderPage(<PaymentSettingsCard />, { path: '/dashboard/settings' }) };
}

async function fillKeyAndNames(user: ReturnType<typeof userEvent.setup>, key: string) {
  await user.type(await screen.findByLabelText('Chave Pix'), key);
  await user.type(screen.getByLabelText('Nome do recebedor'), 'Salão da Ana');
  await user.type(screen.getByLabelText('Cidade'), 'São Paulo');
}

describe('Configurações > Pagamentos', () => {
  it('saves a fixed sinal typed as 45,50 as 4550 cents, with the key and the window', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings();
    await fillKeyAndNames(user, '529.982.247-25');
    await user.selectOptions(
      screen.getByLabelText('Sinal no agendamento online'),
      'Valor fixo (R$)',
    );
    await user.type(screen.getByLabelText('Valor do sinal'), '45,50');
    await user.clear(screen.getByLabelText('Prazo para pagar (minutos)'));
    await user.type(screen.getByLabelText('Prazo para pagar (minutos)'), '45');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        pixKeyType: 'cpf',
        pixKey: '529.982.247-25',
        beneficiaryName: 'Salão da Ana',
        beneficiaryCity: 'São Paulo',
        depositMode: 'fixed',
        depositFixedCents: 4550,
        windowMinutes: 45,
      }),
    );
  });

  it('explains a CPF with wrong digits, 101 % and 5 minutes in pt-BR, and sends nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings();
    await fillKeyAndNames(user, '529.982.247-26');
    await user.selectOptions(
      screen.getByLabelText('Sinal no agendamento online'),
      'Porcentagem do total (%)',
    );
    await user.type(screen.getByLabelText('Porcentagem do total'), '101');
    await user.clear(screen.getByLabelText('Prazo para pagar (minutos)'));
    await user.type(screen.getByLabelText('Prazo para pagar (minutos)'), '5');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('CPF inválido: confira os dígitos')).toBeTruthy();
    expect(screen.getByText('A porcentagem deve ser de 1 a 100')).toBeTruthy();
    expect(screen.getByText('O prazo para pagar deve ser de 10 a 120 minutos')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
