import { BIRTHDAY_FORMAT_MESSAGE, BIRTHDAY_IMPOSSIBLE_MESSAGE } from '@agendaki/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { BirthdayForm } from './birthday-form';

const URL = 'PUT /api/comeback/clients/c1/birthday';

describe('Aniversário, typed the Brazilian way', () => {
  it('puts the slashes in as the digits are typed and saves dd/mm/aaaa', async () => {
    const { calls } = stubApi({ [URL]: () => undefined });
    const user = userEvent.setup();
    renderPage(<BirthdayForm clientId="c1" birthday={null} />);
    const field = screen.getByLabelText('Aniversário (opcional)');
    await user.type(field, '25121990');
    expect(field).toHaveProperty('value', '25/12/1990');
    await user.click(screen.getByRole('button', { name: 'Salvar aniversário' }));
    expect(await screen.findByText('Aniversário salvo')).toBeDefined();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ birthday: '25/12/1990' });
  });

  it('takes the day and month alone, slashes typed or not', async () => {
    const { calls } = stubApi({ [URL]: () => undefined });
    const user = userEvent.setup();
    renderPage(<BirthdayForm clientId="c1" birthday={null} />);
    const field = screen.getByLabelText('Aniversário (opcional)');
    await user.type(field, '29/02');
    expect(field).toHaveProperty('value', '29/02');
    await user.click(screen.getByRole('button', { name: 'Salvar aniversário' }));
    expect(await screen.findByText('Aniversário salvo')).toBeDefined();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ birthday: '29/02' });
  });

  it('refuses an impossible date and a half-typed one in pt-BR, sending nothing', async () => {
    const { calls } = stubApi({ [URL]: () => undefined });
    const user = userEvent.setup();
    renderPage(<BirthdayForm clientId="c1" birthday="01/03" />);
    const field = screen.getByLabelText('Aniversário (opcional)');
    expect(field).toHaveProperty('value', '01/03');
    await user.clear(field);
    await user.type(field, '31/04/1990');
    await user.click(screen.getByRole('button', { name: 'Salvar aniversário' }));
    expect(await screen.findByText(BIRTHDAY_IMPOSSIBLE_MESSAGE)).toBeDefined();
    await user.clear(field);
    await user.type(field, '3/4');
    await user.click(screen.getByRole('button', { name: 'Salvar aniversário' }));
    expect(await screen.findByText(BIRTHDAY_FORMAT_MESSAGE)).toBeDefined();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
