import type { Client, Page } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi, type StubRequest } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { ClientsPage } from './clients-page';

function makeClient(overrides: Partial<Client>): Client {
  return {
    id: crypto.randomUUID(),
    name: 'Ana Souza',
    email: 'ana@example.com',
    phone: '(11) 98765-4321',
    notes: 'Prefere horários pela manhã.',
    // 01:30 UTC on the 2nd is still the 1st in São Paulo.
    createdAt: '2026-03-02T01:30:00.000Z',
    ...overrides,
  };
}

function pageOf(items: Client[], total = items.length, page = 1, pageSize = 24): Page<Client> {
  return { items, total, page, pageSize };
}

const ana = makeClient({});
const bruno = makeClient({ name: 'Bruno Lima', email: null, phone: null, notes: null });

describe('Clientes page', () => {
  it('shows cards with contacts, notes, the registration date in the zone and WhatsApp', async () => {
    stubApi({ 'GET /api/clients': pageOf([ana, bruno]) });
    renderPage(<ClientsPage timeZone="America/Sao_Paulo" />);

    const list = await screen.findByRole('list', { name: 'Clientes' });
    const [anaCard, brunoCard] = within(list).getAllByRole('listitem');
    expect(within(anaCard!).getByText('ana@example.com')).toBeDefined();
    expect(within(anaCard!).getByText('(11) 98765-4321')).toBeDefined();
    expect(within(anaCard!).getByText('Prefere horários pela manhã.')).toBeDefined();
    expect(within(anaCard!).getByText('Cadastrado em 01/03/2026')).toBeDefined();
    expect(
      within(anaCard!).getByRole('link', { name: 'WhatsApp de Ana Souza' }).getAttribute('href'),
    ).toBe('https://wa.me/5511987654321');
    expect(within(brunoCard!).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(screen.getByText('2 clientes')).toBeDefined();
  });

  it('with no clients shows the empty state and its create button', async () => {
    stubApi({ 'GET /api/clients': pageOf([]) });
    renderPage(<ClientsPage />);

    expect(await screen.findByText('Nenhum cliente cadastrado ainda')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cadastrar Primeiro Cliente' })).toBeDefined();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    const { calls } = stubApi({
      'GET /api/clients': ({ query }: StubRequest) =>
        query.get('search') ? pageOf([]) : pageOf([ana, bruno]),
    });
    const user = userEvent.setup();
    renderPage(<ClientsPage />);

    await user.type(await screen.findByRole('searchbox', { name: 'Buscar clientes' }), '9999');

    expect(await screen.findByText('Nenhum cliente encontrado')).toBeDefined();
    const searches = calls.filter((call) => call.query.has('search'));
    // One request for the whole word, not one per key.
    expect(searches.map((call) => call.query.get('search'))).toEqual(['9999']);
  });

  it('"Carregar mais" asks for the next page and appends it', async () => {
    const first = Array.from({ length: 2 }, (_, i) => makeClient({ name: `Cliente ${i + 1}` }));
    const second = [makeClient({ name: 'Cliente 3' })];
    stubApi({
      'GET /api/clients': ({ query }: StubRequest) =>
        query.get('page') === '2' ? pageOf(second, 3, 2, 2) : pageOf(first, 3, 1, 2),
    });
    const user = userEvent.setup();
    renderPage(<ClientsPage />);

    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));

    expect(await screen.findByText('Cliente 3')).toBeDefined();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('the create form shows the shared schema messages and sends trimmed, nulled fields', async () => {
    const { calls } = stubApi({
      'GET /api/clients': pageOf([]),
      'POST /api/clients': ({ body }: StubRequest) => makeClient(body as Partial<Client>),
    });
    const user = userEvent.setup();
    renderPage(<ClientsPage />);

    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Cliente' });
    await user.type(within(dialog).getByLabelText('E-mail'), 'nao-e-email');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));
    expect(await within(dialog).findByText('Nome é obrigatório')).toBeDefined();
    expect(within(dialog).getByText('Email inválido')).toBeDefined();
    expect(screen.getByText('Erro de validação')).toBeDefined();

    await user.type(within(dialog).getByLabelText('Nome'), '  Carla Dias ');
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('Telefone'), '11 91234-5678');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar Cliente' }));

    expect(await screen.findByText('Cliente criado com sucesso!')).toBeDefined();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Carla Dias',
      email: null,
      phone: '11912345678',
      notes: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server message when saving fails (duplicate e-mail)', async () => {
    stubApi({
      'GET /api/clients': pageOf([ana]),
      [`PATCH /api/clients/${ana.id}`]: apiErrorResponse(
        409,
        'CONFLICT',
        'Já existe um cliente com este e-mail.',
      ),
    });
    const user = userEvent.setup();
    renderPage(<ClientsPage />);

    await user.click(await screen.findByRole('button', { name: 'Editar Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Cliente' });
    expect(within(dialog).getByLabelText('Nome')).toHaveProperty('value', 'Ana Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText('Erro ao salvar cliente')).toBeDefined();
    expect(screen.getByText('Já existe um cliente com este e-mail.')).toBeDefined();
    expect(screen.getByRole('dialog')).toBeDefined();
  });

  it('delete warns that the appointments go too, then deletes', async () => {
    const { calls } = stubApi({
      'GET /api/clients': pageOf([ana]),
      [`DELETE /api/clients/${ana.id}`]: null,
    });
    const user = userEvent.setup();
    renderPage(<ClientsPage />);

    await user.click(await screen.findByRole('button', { name: 'Excluir Ana Souza' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Tem certeza que deseja excluir este cliente?')).toBeDefined();
    expect(dialog.textContent).toContain('os agendamentos dele também serão excluídos');
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Cliente excluído com sucesso!')).toBeDefined();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('a load failure shows "Erro ao carregar clientes"', async () => {
    stubApi({ 'GET /api/clients': apiErrorResponse(500, 'INTERNAL', 'Falhou') });
    renderPage(<ClientsPage />);
    expect(await screen.findByText('Erro ao carregar clientes')).toBeDefined();
  });
});
