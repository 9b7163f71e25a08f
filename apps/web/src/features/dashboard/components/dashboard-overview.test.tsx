import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMe, createSummary } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi } from '@/test/api-stub';
import { renderRoute } from '@/test/render-route';

function statCard(title: string) {
  return screen.getByRole('group', { name: title });
}

describe('dashboard home', () => {
  it('shows the real figures with computed comparisons', async () => {
    stubApi({
      'GET /api/me': createMe(),
      'GET /api/dashboard/summary': createSummary({
        todayCount: 5,
        yesterdayCount: 3,
        monthRevenueCents: 120_100,
        previousMonthRevenueCents: 100_000,
        monthAppointments: 28,
        previousMonthAppointments: 25,
        monthNoShows: 0,
        clientsTotal: 42,
        newClientsThisMonth: 5,
      }),
    });
    renderRoute('/dashboard');

    await screen.findByRole('group', { name: 'Agendamentos Hoje' });
    expect(within(statCard('Agendamentos Hoje')).getByText('5')).toBeDefined();
    expect(within(statCard('Agendamentos Hoje')).getByText('+2 desde ontem')).toBeDefined();
    expect(within(statCard('Faturamento Mensal')).getByText('R$ 1.201,00')).toBeDefined();
    expect(
      within(statCard('Faturamento Mensal')).getByText('+20,1% em relação ao mês passado'),
    ).toBeDefined();
    expect(within(statCard('Total de Clientes')).getByText('42')).toBeDefined();
    expect(
      within(statCard('Total de Clientes')).getByText('+5 novos clientes este mês'),
    ).toBeDefined();
    expect(
      within(statCard('Agendamentos do Mês')).getByText('+12% em relação ao mês passado'),
    ).toBeDefined();
    expect(screen.getByText('Você tem 7 dias restantes no período gratuito!')).toBeDefined();
  });

  it('lists the next appointments with date, times and value', async () => {
    stubApi({
      'GET /api/me': createMe(),
      'GET /api/dashboard/summary': createSummary({
        upcoming: [
          {
            id: 'a1',
            appointmentDate: '2026-03-02',
            startTime: '14:00',
            endTime: '14:45',
            status: 'confirmed',
            clientName: 'Beatriz Lima',
            serviceName: 'Corte feminino',
            totalPriceCents: 8_000,
          },
        ],
      }),
    });
    renderRoute('/dashboard');

    const list = await screen.findByRole('list', { name: 'Próximos agendamentos' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('Beatriz Lima')).toBeDefined();
    expect(within(item).getByText('Corte feminino')).toBeDefined();
    expect(item.textContent).toContain('02/03/2026, 14:00–14:45');
    expect(within(item).getByText('R$ 80,00')).toBeDefined();
    expect(within(item).getByText('Confirmado')).toBeDefined();
  });

  it('says when nothing is booked, with a way to the agenda', async () => {
    stubApi({ 'GET /api/me': createMe(), 'GET /api/dashboard/summary': createSummary() });
    renderRoute('/dashboard');

    expect(await screen.findByText('Nenhum agendamento futuro')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Ver agenda' }).getAttribute('href')).toBe(
      '/dashboard/appointments',
    );
    expect(screen.getByText('Igual a ontem')).toBeDefined();
    expect(screen.getByText('Sem faturamento no mês passado')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Novo Agendamento' }).getAttribute('href')).toBe(
      '/dashboard/appointments?vista=lista&new=1',
    );
    expect(screen.getByRole('link', { name: 'Cadastrar Cliente' }).getAttribute('href')).toBe(
      '/dashboard/clients',
    );
    expect(screen.getByRole('link', { name: 'Adicionar Serviço' }).getAttribute('href')).toBe(
      '/dashboard/services',
    );
  });

  it('shows skeletons while loading, and a retry after a failure', async () => {
    let attempts = 0;
    stubApi({
      'GET /api/me': createMe(),
      'GET /api/dashboard/summary': () => {
        attempts += 1;
        return attempts === 1
          ? apiErrorResponse(503, 'UNAVAILABLE', 'Serviço indisponível no momento.')
          : createSummary({ todayCount: 2, yesterdayCount: 3 });
      },
    });
    renderRoute('/dashboard');

    expect(await screen.findByTestId('stat-cards-skeleton')).toBeDefined();
    expect(await screen.findByText('Serviço indisponível no momento.')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('-1 desde ontem')).toBeDefined();
  });
});
