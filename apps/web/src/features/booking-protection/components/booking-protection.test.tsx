import type { BookingBurst } from '@agendaki/shared';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEPOSITS_QUERY_KEY } from '@/features/deposits/api/deposits';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { BookingProtectionSettings } from './booking-protection-form';
import { SuspiciousBookings } from './suspicious-bookings';

const BURST: BookingBurst = {
  id: '0123456789abcdef0123456789abcdef',
  firstAt: '2026-11-21T12:00:00.000Z',
  lastAt: '2026-11-21T12:02:00.000Z',
  bookings: ['Ana', 'Bruno', 'Carla'].map((name, index) => ({
    bookingId: `b${index}`,
    clientName: name,
    date: '2026-11-23',
    startTime: `0${9 + index}:00`.slice(-5),
    status: 'scheduled',
    createdAt: '2026-11-21T12:00:00.000Z',
  })),
};

/**
 * Another panel of the dashboard home whose list the cancellation refreshes, slower to answer
 * than the bursts: the notice is gone before the cancellation's refresh is over.
 */
function SlowPanel() {
  useQuery({
    queryKey: DEPOSITS_QUERY_KEY,
    queryFn: () => new Promise((resolve) => setTimeout(() => resolve([]), 300)),
  });
  return null;
}

describe('Agendamentos suspeitos', () => {
  it('lists a burst, cancels it all after a confirmation and says so', async () => {
    const user = userEvent.setup();
    let bursts = [BURST];
    const api = stubApi({
      'GET /api/booking-bursts': () => ({ bursts }),
      [`POST /api/booking-bursts/${BURST.id}/cancel`]: () => {
        bursts = [];
        return { cancelled: 3 };
      },
    });
    renderPage(
      <>
        <SuspiciousBookings />
        <SlowPanel />
      </>,
      { path: '/dashboard' },
    );
    const list = await screen.findByRole('list', { name: 'Agendamentos suspeitos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('Carla')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar todos' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar todos' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Agendamentos suspeitos' })).toBeNull(),
    );
    // Told, though the notice left the page before the cancellation's refresh was over.
    expect(await screen.findByText('Agendamentos cancelados')).toBeTruthy();
    expect(screen.getByText('3 horários liberados.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  }, 20_000);
});

describe('Proteção contra reservas em massa', () => {
  it('refuses a cap of 0 in pt-BR, then saves valid caps', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/settings/booking-protection': { maxUnpaidHoldsPerDay: 4, maxUnconfirmedPerDay: 12 },
      'PUT /api/settings/booking-protection': (call: { body: unknown }) => call.body,
    });
    renderPage(<BookingProtectionSettings />, { path: '/dashboard/settings' });
    const unpaid = await screen.findByLabelText('Reservas aguardando sinal por dia');
    await user.clear(unpaid);
    await user.type(unpaid, '0');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    expect(
      await screen.findByText('O limite de reservas aguardando sinal deve ser de pelo menos 1'),
    ).toBeTruthy();
    await user.clear(unpaid);
    await user.type(unpaid, '2');
    await user.click(screen.getByRole('button', { name: 'Salvar limites' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        maxUnpaidHoldsPerDay: 2,
        maxUnconfirmedPerDay: 12,
      }),
    );
  }, 20_000);
});
