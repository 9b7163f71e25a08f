import { getDefaultAvailability, type AvailabilityWeek } from '@agendaki/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { AvailabilityPage } from './availability-page';

const defaults: AvailabilityWeek = { isDefault: true, windows: getDefaultAvailability() };

describe('Horário de Atendimento page', () => {
  it('shows the defaults: one row per weekday, Sunday and Saturday off with disabled inputs', async () => {
    stubApi({ 'GET /api/availability': defaults });
    renderPage(<AvailabilityPage />);

    const form = await screen.findByRole('form', { name: 'Horários da semana' });
    const rows = within(form).getAllByRole('listitem');
    const switches = rows.map((row) => within(row).getByRole('switch'));
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual([
      'false',
      'true',
      'true',
      'true',
      'true',
      'true',
      'false',
    ]);
    expect(screen.getByLabelText('Início - Domingo')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Fim - Sábado')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Início - Segunda-feira')).toHaveProperty('value', '09:00');
    expect(screen.getByLabelText('Fim - Segunda-feira')).toHaveProperty('value', '18:00');
  });

  it('saves a Monday with a lunch break as two windows', async () => {
    const { calls } = stubApi({
      'GET /api/availability': defaults,
      'PUT /api/availability': ({ body }) => ({ isDefault: false, ...(body as object) }),
    });
    const user = userEvent.setup();
    renderPage(<AvailabilityPage />);

    const end = await screen.findByLabelText('Fim - Segunda-feira');
    await user.clear(end);
    await user.type(end, '12:00');
    await user.click(screen.getByRole('button', { name: 'Adicionar intervalo - Segunda-feira' }));
    expect(screen.getByLabelText('Início - Segunda-feira (intervalo 2)')).toHaveProperty(
      'value',
      '13:00',
    );
    const secondEnd = screen.getByLabelText('Fim - Segunda-feira (intervalo 2)');
    await user.clear(secondEnd);
    await user.type(secondEnd, '18:00');
    await user.click(screen.getByRole('switch', { name: 'Sábado' }));
    await user.click(screen.getByRole('button', { name: 'Salvar Horários' }));

    expect(await screen.findByText('Horários salvos com sucesso!')).toBeDefined();
    const put = calls.find((call) => call.method === 'PUT')?.body as AvailabilityWeek;
    expect(put.windows.filter((w) => w.dayOfWeek === 1)).toEqual([
      { dayOfWeek: 1, startTime: '09:00', endTime: '12:00', isActive: true },
      { dayOfWeek: 1, startTime: '13:00', endTime: '18:00', isActive: true },
    ]);
    expect(put.windows.find((w) => w.dayOfWeek === 6)?.isActive).toBe(true);
  });

  it('refuses overlapping windows before sending, naming the row', async () => {
    const { calls } = stubApi({ 'GET /api/availability': defaults });
    const user = userEvent.setup();
    renderPage(<AvailabilityPage />);

    await user.click(
      await screen.findByRole('button', { name: 'Adicionar intervalo - Terça-feira' }),
    );
    const start = screen.getByLabelText('Início - Terça-feira (intervalo 2)');
    await user.clear(start);
    await user.type(start, '17:00');
    await user.click(screen.getByRole('button', { name: 'Salvar Horários' }));

    expect(await screen.findByText('Erro de validação')).toBeDefined();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server message when saving fails', async () => {
    stubApi({
      'GET /api/availability': defaults,
      'PUT /api/availability': apiErrorResponse(400, 'VALIDATION', 'Horários demais'),
    });
    const user = userEvent.setup();
    renderPage(<AvailabilityPage />);

    await user.click(await screen.findByRole('button', { name: 'Salvar Horários' }));

    expect(await screen.findByText('Erro ao salvar horários')).toBeDefined();
    expect(screen.getByText('Horários demais')).toBeDefined();
  });

  it('a load failure shows "Erro ao carregar horários"', async () => {
    stubApi({ 'GET /api/availability': apiErrorResponse(500, 'INTERNAL', 'Falhou') });
    renderPage(<AvailabilityPage />);
    expect(await screen.findByText('Erro ao carregar horários')).toBeDefined();
  });
});
