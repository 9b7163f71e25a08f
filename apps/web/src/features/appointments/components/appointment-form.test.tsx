import type { Appointment, Client, Page, Service } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { AppointmentFormDialog } from './appointment-form-dialog';

const TODAY = '2026-11-20';

function makeClient(index: number, name = `Cliente ${String(index).padStart(3, '0')}`): Client {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name,
    email: `cliente${index}@example.com`,
    phone: null,
    notes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** 150 "Cliente NNN" and, last by name, Úrsula: the 151st, beyond any first page of 100. */
const URSULA = makeClient(151, 'Úrsula Zanetti');
const CLIENTS = [...Array.from({ length: 150 }, (_, i) => makeClient(i + 1)), URSULA];

const SERVICE: Service = {
  id: '0b0f3c2e-8a51-4d0e-9d7e-6a1a2f7c9b01',
  name: 'Corte feminino',
  description: null,
  price: '80.00',
  priceCents: 8000,
  durationMinutes: 60,
  bufferMinutes: 0,
  imageUrl: null,
  thumbnailUrl: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** GET /api/clients as the server answers it: by name, matched ignoring case and accents. */
function listClients(clients: readonly Client[]) {
  return ({ query }: StubRequest): Page<Client> => {
    const search = fold(query.get('search') ?? '');
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 50);
    const matches = clients
      .filter((c) => fold(`${c.name} ${c.email ?? ''}`).includes(search))
      .sort((a, b) => fold(a.name).localeCompare(fold(b.name)));
    return {
      items: matches.slice((page - 1) * pageSize, page * pageSize),
      total: matches.length,
      page,
      pageSize,
    };
  };
}

function stubFormApi(clients: readonly Client[] = CLIENTS) {
  return stubApi({
    'GET /api/clients': listClients(clients),
    'GET /api/services': [SERVICE],
    'PATCH /api/appointments/a1': ({ body }: StubRequest) => ({ id: 'a1', ...(body as object) }),
  });
}

function renderForm(appointment?: Appointment) {
  renderPage(
    <AppointmentFormDialog open onOpenChange={() => {}} appointment={appointment} today={TODAY} />,
  );
  return screen.getByRole('dialog');
}

/** The open list's popup: the options and the message under them. */
const popup = () => screen.getByRole('listbox', { name: 'Clientes' }).parentElement!;

const clientSearches = (calls: StubRequest[]) =>
  calls.filter((c) => c.path === '/api/clients' && c.query.has('search'));

describe('appointment form: client picker', () => {
  it('finds a client beyond the first 100 by a search without accents, and takes them', async () => {
    const { calls } = stubFormApi();
    const user = userEvent.setup();
    const dialog = renderForm();

    const picker = within(dialog).getByRole('combobox', { name: 'Cliente' });
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    await user.click(picker);
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('listbox', { name: 'Clientes' });
    expect(picker.getAttribute('aria-controls')).toBe(list.id);
    // The first page by name: Úrsula (151st) is not on it.
    expect(await within(list).findByRole('option', { name: /^Cliente 001/ })).toBeDefined();
    expect(within(list).getAllByRole('option')).toHaveLength(20);
    expect(within(list).queryByRole('option', { name: /Úrsula/ })).toBeNull();
    expect(
      within(popup()).getByText('Mostrando 20 de 151 clientes. Digite para refinar a busca.'),
    ).toBeDefined();

    await user.type(picker, 'URSULA');
    const option = await within(list).findByRole('option', { name: /^Úrsula Zanetti/ });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    // The typed text is searched once it stops changing, one request, on the server's terms.
    const searches = clientSearches(calls);
    expect(searches.map((c) => c.query.get('search'))).toEqual(['URSULA']);
    expect(Object.fromEntries(searches[0]!.query)).toMatchObject({ page: '1', pageSize: '20' });

    await user.click(option);
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect((picker as HTMLInputElement).value).toBe('Úrsula Zanetti');

    // The form has its client: the first missing field is now the service.
    await user.click(within(dialog).getByRole('button', { name: 'Criar Agendamento' }));
    expect(await screen.findByText('Serviço inválido')).toBeDefined();
    expect(screen.queryByText('Cliente inválido')).toBeNull();
  });

  it('works from the keyboard: arrows, Enter, and Escape closes only the list', async () => {
    stubFormApi();
    const user = userEvent.setup();
    const dialog = renderForm();

    const picker = within(dialog).getByRole('combobox', { name: 'Cliente' });
    picker.focus();
    await user.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: 'Clientes' });
    await within(list).findByRole('option', { name: /^Cliente 001/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = document.getElementById(picker.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain('Cliente 002');
    expect(active?.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{Enter}');
    expect((picker as HTMLInputElement).value).toBe('Cliente 002');
    expect(picker.getAttribute('aria-expanded')).toBe('false');

    // Typing makes the first match active: Enter takes it.
    await user.type(picker, 'urs');
    await screen.findByRole('option', { name: /^Úrsula Zanetti/ });
    await user.keyboard('{Escape}');
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect((picker as HTMLInputElement).value).toBe('Cliente 002');
    expect(screen.getByRole('dialog')).toBe(dialog);

    await user.type(picker, 'urs');
    await waitFor(() => expect(picker.getAttribute('aria-activedescendant')).toBeTruthy());
    await user.keyboard('{Enter}');
    expect((picker as HTMLInputElement).value).toBe('Úrsula Zanetti');
  });

  it('keeps the choice on a second Escape and on leaving; typing into a closed field searches', async () => {
    stubFormApi();
    const user = userEvent.setup();
    const dialog = renderForm();

    const picker = within(dialog).getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement;
    await user.type(picker, 'urs');
    await screen.findByRole('option', { name: /^Úrsula Zanetti/ });
    await user.keyboard('{Enter}');
    expect(picker.value).toBe('Úrsula Zanetti');

    // The list is closed: Escape again clears nothing.
    await user.keyboard('{Escape}');
    expect(picker.value).toBe('Úrsula Zanetti');
    // Typing into the focused, closed field opens the list with what was typed.
    await user.keyboard('{Control>}a{/Control}cliente 003');
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('option', { name: /^Cliente 003/ });
    await waitFor(() => expect(picker.getAttribute('aria-activedescendant')).toBeTruthy());
    // Leaving the field takes nothing: the highlighted match is not chosen.
    await user.tab();
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    expect(picker.value).toBe('Úrsula Zanetti');
  });

  it('says so when nothing matches, in pt-BR', async () => {
    stubFormApi();
    const user = userEvent.setup();
    const dialog = renderForm();

    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'ninguém');
    expect(await within(popup()).findByText('Nenhum cliente encontrado')).toBeDefined();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Nenhum cliente encontrado');
  });

  it('with no clients at all, points to the Clientes screen', async () => {
    stubFormApi([]);
    const user = userEvent.setup();
    const dialog = renderForm();

    const link = await within(dialog).findByRole('link', { name: 'Cadastrar cliente' });
    expect(link.getAttribute('href')).toBe('/dashboard/clients');
    await user.click(within(dialog).getByRole('combobox', { name: 'Cliente' }));
    expect(within(popup()).getByText('Nenhum cliente cadastrado.')).toBeDefined();
  });

  it("editing shows the appointment's client though it is on no first page; another is saved", async () => {
    const { calls } = stubFormApi();
    const user = userEvent.setup();
    const appointment = {
      id: 'a1',
      clientId: URSULA.id,
      serviceId: SERVICE.id,
      appointmentDate: '2026-11-21',
      startTime: '09:00',
      endTime: '10:00',
      totalPrice: '80.00',
      totalPriceCents: 8000,
      status: 'scheduled',
      notes: null,
      createdAt: '2026-11-01T12:00:00.000Z',
      client: { id: URSULA.id, name: URSULA.name, email: URSULA.email, phone: null },
      service: { id: SERVICE.id, name: SERVICE.name, price: '80.00', durationMinutes: 60 },
    } satisfies Appointment;
    const dialog = renderForm(appointment);

    const picker = within(dialog).getByRole('combobox', { name: 'Cliente' });
    expect((picker as HTMLInputElement).value).toBe('Úrsula Zanetti');
    expect(clientSearches(calls)).toEqual([]);

    // "Cliente 150" is the 150th by name: found by typing, taken with Enter.
    await user.type(picker, 'cliente 150');
    await screen.findByRole('option', { name: /^Cliente 150/ });
    await waitFor(() => expect(picker.getAttribute('aria-activedescendant')).toBeTruthy());
    await user.keyboard('{Enter}');
    expect((picker as HTMLInputElement).value).toBe('Cliente 150');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText('Agendamento atualizado com sucesso!')).toBeDefined();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      clientId: CLIENTS[149]!.id,
      serviceId: SERVICE.id,
    });
  });

  it('an empty client keeps the product.md message', async () => {
    stubFormApi();
    const user = userEvent.setup();
    const dialog = renderForm();

    await user.click(within(dialog).getByRole('button', { name: 'Criar Agendamento' }));
    expect(await screen.findByText('Cliente inválido')).toBeDefined();
    expect(
      within(dialog).getByRole('combobox', { name: 'Cliente' }).getAttribute('aria-invalid'),
    ).toBe('true');
  });
});
