import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInRoutes } from '@/test/account-fixtures';
import { stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

const LAZY_PAGE = { timeout: 8000 };
const URL_ONE = 'webcal://agendaki.test/ics/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_TWO = 'webcal://agendaki.test/ics/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

describe('Configurações > Calendário', () => {
  it('makes a secret address, shows it once, and a new one asks first', async () => {
    let created = 0;
    const { calls } = stubApi({
      ...signedInRoutes(),
      'GET /api/settings/calendar-feed': { isActive: false, createdAt: null },
      'POST /api/settings/calendar-feed': () => {
        created += 1;
        const webcalUrl = created === 1 ? URL_ONE : URL_TWO;
        return {
          webcalUrl,
          httpsUrl: webcalUrl.replace('webcal:', 'https:'),
          createdAt: '2026-11-20T12:00:00.000Z',
        };
      },
    });
    renderRoute('/dashboard/settings?tab=calendar');

    expect(await screen.findByText(/atualiza a cada poucas horas/, {}, LAZY_PAGE)).toBeTruthy();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Gerar endereço do calendário' }),
    );
    const address = (await screen.findByLabelText('Endereço do calendário')) as HTMLInputElement;
    expect(address.value).toBe(URL_ONE);
    expect(screen.getByRole('link', { name: 'Abrir no calendário' }).getAttribute('href')).toBe(
      URL_ONE,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Gerar novo endereço' }));
    expect(await screen.findByText(/para de funcionar na hora/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Gerar novo endereço' }));
    expect(await screen.findByDisplayValue(URL_TWO)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  }, 20_000);
});
