import type { WhatsappSettings } from '@agendaki/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { WhatsappSettingsCard } from './whatsapp-settings';

function settings(overrides: Partial<WhatsappSettings> = {}): WhatsappSettings {
  return {
    available: true,
    enabled: false,
    sendConfirmations: true,
    sendReminders: true,
    sendChanges: true,
    sendDeposits: true,
    sendWaitlist: true,
    monthCount: 12,
    monthlyCap: 1000,
    reminderHours: 24,
    ...overrides,
  };
}

describe('Configurações > WhatsApp', () => {
  it('turns WhatsApp on with the chosen messages, and shows the month count', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/settings/whatsapp': settings(),
      'PUT /api/settings/whatsapp': (request) => ({ ...settings(), ...(request.body as object) }),
    });
    renderPage(<WhatsappSettingsCard />, { path: '/dashboard/settings' });
    expect(await screen.findByText('12', { selector: 'strong' })).toBeTruthy();
    expect(
      screen.getByText('O lembrete vai 24 horas antes do horário.', { exact: false }),
    ).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Enviar mensagens pelo WhatsApp' }));
    await user.click(screen.getByRole('switch', { name: 'Vaga da lista de espera' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        enabled: true,
        sendConfirmations: true,
        sendReminders: true,
        sendChanges: true,
        sendDeposits: true,
        sendWaitlist: false,
      }),
    );
  }, 20_000);

  it('without the Cloud API on the server, says so and offers no switch', async () => {
    stubApi({ 'GET /api/settings/whatsapp': settings({ available: false, monthlyCap: 0 }) });
    renderPage(<WhatsappSettingsCard />, { path: '/dashboard/settings' });
    expect(await screen.findByText(/não está configurado neste servidor/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
