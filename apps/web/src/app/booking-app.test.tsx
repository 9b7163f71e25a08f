import { PUBLIC_DATA_ELEMENT_ID, type ManageView } from '@agendaki/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  embedProfessional,
  makeProfessional,
  PROFESSIONAL_ID,
} from '@/features/booking/testing/fixtures';
import { stubApi } from '@/test/api-stub';
import { BookingApp } from './booking-app';

/** book.html's app (src/book-main.tsx): the booking page for the address, without a router. */
function renderApp(pathname: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<BookingApp pathname={pathname} queryClient={queryClient} />);
}

describe('the public booking app (book.html)', () => {
  beforeEach(() => toast.dismiss());
  afterEach(() => document.getElementById(PUBLIC_DATA_ELEMENT_ID)?.remove());

  it('shows the professional the server embedded for /book/<link>, asking the API nothing', async () => {
    const { calls } = stubApi({});
    embedProfessional(makeProfessional());
    renderApp('/book/studio-ana');

    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Ana' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Escolha os serviços' })).toBeDefined();
    expect(document.title).toBe('Studio Ana · Agende online');
    expect(calls).toEqual([]);
  });

  it('/profissional/<id> asks the API for that professional', async () => {
    const { calls } = stubApi({
      [`GET /api/public/professionals/${PROFESSIONAL_ID}`]: makeProfessional(),
    });
    renderApp(`/profissional/${PROFESSIONAL_ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Ana' })).toBeDefined();
    expect(calls.map((call) => call.path)).toEqual([
      `/api/public/professionals/${PROFESSIONAL_ID}`,
    ]);
  });

  it('an address without a link says the link is invalid', async () => {
    const { calls } = stubApi({});
    renderApp('/book/');

    expect(await screen.findByText('Link inválido')).toBeDefined();
    expect(calls).toEqual([]);
  });

  it('shows toasts once sonner, loaded on demand, arrives', async () => {
    stubApi({});
    embedProfessional(makeProfessional());
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderApp('/book/studio-ana');

    await user.click(await screen.findByRole('button', { name: 'Compartilhar link' }));

    expect(await screen.findByText('Link copiado!')).toBeDefined();
    expect(screen.getByRole('region', { name: /Notificações/ })).toBeDefined();
  });

  it('the manage page draws its booking with no toaster: it says everything inline', async () => {
    const view: ManageView = {
      status: 'scheduled',
      deposit: null,
      businessName: 'Studio Ana',
      professionalName: 'Ana Souza',
      address: null,
      mapUrl: null,
      whatsappUrl: null,
      phone: null,
      date: '2026-12-02',
      startTime: '15:30',
      endTime: '17:00',
      services: [{ name: 'Corte', startTime: '15:30', endTime: '17:00', priceCents: 13500 }],
      totalPriceCents: 13500,
      canChange: true,
      cutoffHours: 2,
      today: '2026-11-26',
      lastBookableDate: '2026-12-26',
    };
    stubApi({ 'GET /api/public/manage/tok-123': view });
    renderApp('/agendamento/tok-123');

    expect(await screen.findByText('Quarta-feira, 02/12/2026')).toBeDefined();
    expect(screen.getAllByText('R$ 135,00')).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /Notificações/ })).toBeNull();
  });
});
