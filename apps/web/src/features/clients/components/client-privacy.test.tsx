import type { Client, Page } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { ClientsPage } from './clients-page';

/** The LGPD requests on a client's card (docs/decisions/012-lgpd.md). */

const joana: Client = {
  id: '7c1f0a52-3d2e-4b8a-9a51-0f6f3c1d2e4b',
  name: 'Joana Prado',
  email: 'joana@example.com',
  phone: '11987654321',
  notes: 'Alergia a esmalte.',
  createdAt: '2026-03-02T12:00:00.000Z',
};
const pageOf = (items: Client[]): Page<Client> => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 24,
});

describe('a client card\'s "Mais ações"', () => {
  it('downloads the export and erases only after the name is typed', async () => {
    let erased = false;
    const { calls } = stubApi({
      'GET /api/clients': () =>
        pageOf([
          erased
            ? { ...joana, name: 'Cliente removido', email: null, phone: null, notes: null }
            : joana,
        ]),
      'POST /api/clients/7c1f0a52-3d2e-4b8a-9a51-0f6f3c1d2e4b/erase': () => {
        erased = true;
        return { ...joana, name: 'Cliente removido', email: null, phone: null, notes: null };
      },
    });
    const user = userEvent.setup();
    renderPage(<ClientsPage timeZone="America/Sao_Paulo" />);

    await user.click(await screen.findByRole('button', { name: 'Mais ações para Joana Prado' }));
    expect(
      screen.getByRole('menuitem', { name: 'Exportar dados (JSON)' }).getAttribute('href'),
    ).toBe(`/api/clients/${joana.id}/export?format=json`);
    expect(
      screen.getByRole('menuitem', { name: 'Exportar dados (CSV)' }).getAttribute('href'),
    ).toBe(`/api/clients/${joana.id}/export?format=csv`);
    await user.click(screen.getByRole('menuitem', { name: 'Excluir dados pessoais' }));

    const dialog = await screen.findByRole('dialog', { name: 'Excluir dados pessoais' });
    const confirm = within(dialog).getByRole('button', { name: 'Excluir dados pessoais' });
    const field = within(dialog).getByLabelText(/digite o nome do cliente/);
    await user.type(field, 'Joana');
    expect(confirm).toHaveProperty('disabled', true);
    await user.type(field, ' prado');
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);

    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        confirmName: 'Joana prado',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Cliente removido' })).toBeDefined();
  });
});
