import { END_DATE_BEFORE_START_MESSAGE } from '@agendaki/shared';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { TimeOffCard } from './time-off-card';

describe('Folga/Férias', () => {
  it('saves a single day when "Até" is left empty, then clears the form', async () => {
    const { calls } = stubApi({
      'GET /api/availability/time-off': [],
      'POST /api/availability/time-off': ({ body }) => ({
        timeOff: { id: 't1', ...(body as object) },
        affected: [],
      }),
    });
    const user = userEvent.setup();
    renderPage(<TimeOffCard today="2026-11-20" />);

    const start = await screen.findByLabelText('De');
    fireEvent.change(start, { target: { value: '2026-12-01' } });
    await user.type(screen.getByLabelText('Observação (opcional)'), 'Dentista');
    await user.click(screen.getByRole('button', { name: 'Adicionar folga' }));

    expect(await screen.findByText('Folga/Férias salva')).toBeDefined();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      note: 'Dentista',
    });
    expect(start).toHaveProperty('value', '');
  });

  it('refuses an end before the start in pt-BR and sends nothing', async () => {
    const { calls } = stubApi({ 'GET /api/availability/time-off': [] });
    const user = userEvent.setup();
    renderPage(<TimeOffCard today="2026-11-20" />);

    fireEvent.change(await screen.findByLabelText('De'), { target: { value: '2026-12-10' } });
    fireEvent.change(screen.getByLabelText('Até'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Adicionar folga' }));

    expect(await screen.findByText(END_DATE_BEFORE_START_MESSAGE)).toBeDefined();
    expect(screen.getByText('Erro ao salvar folga')).toBeDefined();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
