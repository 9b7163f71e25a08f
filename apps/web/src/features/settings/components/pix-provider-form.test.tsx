import { PIX_ACCESS_TOKEN_MESSAGE, type PixProviderStatus } from '@agendaki/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { PixProviderSettings } from './pix-provider-form';

const WEBHOOK =
  'https://agendaki.test/api/webhooks/pix/mercadopago/0b6a2f2e-5d1c-4e55-9a39-3f1f6c1d2e10';
const TOKEN = 'APP_USR-1234567890123456-112406-abcdef0123456789abcdef0123456789-123456789';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function status(configured: boolean): PixProviderStatus {
  return {
    provider: 'mercadopago',
    configured,
    webhookUrl: WEBHOOK,
    updatedAt: configured ? '2026-11-21T12:00:00.000Z' : null,
  };
}

describe('Configurações > Pagamentos > Confirmação automática', () => {
  it('sends the credentials once and shows only "configurado" back', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/settings/payments/psp': status(false),
      'PUT /api/settings/payments/psp': () => status(true),
    });
    renderPage(<PixProviderSettings />, { path: '/dashboard/settings' });

    expect(((await screen.findByLabelText('Endereço do webhook')) as HTMLInputElement).value).toBe(
      WEBHOOK,
    );
    // A malformed token is refused here, in pt-BR, before any request.
    await user.type(screen.getByLabelText('Access Token (produção)'), 'sk_live_x');
    await user.type(screen.getByLabelText('Assinatura secreta do webhook'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Ativar confirmação automática' }));
    expect(await screen.findByText(PIX_ACCESS_TOKEN_MESSAGE)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('Access Token (produção)'));
    await user.type(screen.getByLabelText('Access Token (produção)'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Ativar confirmação automática' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        accessToken: TOKEN,
        webhookSecret: SECRET,
        provider: 'mercadopago',
      }),
    );
    expect(await screen.findByText(/Mercado Pago: configurado/)).toBeTruthy();
    // The fields are emptied: the secret is never shown again.
    expect((screen.getByLabelText('Access Token (produção)') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Trocar credenciais' })).toBeTruthy();
  }, 20_000);
});
