import { APPOINTMENT_CLOSED_MESSAGE, type Appointment, type Page } from '@agendaki/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi, type StubRequest } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import type { AppointmentLock } from '../lib/appointment-lock';
import { AppointmentsPage } from './appointments-page';

function makeAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: crypto.randomUUID(),
    clientId: '6d1c1a52-3f0e-4a8e-9a55-0f1f7d6f0c11',
    serviceId: '0b0f3c2e-8a51-4d0e-9d7e-6a1a2f7c9b01',
    appointmentDate: '2026-11-21',
    startTime: '09:00',
    endTime: '10:00',
    totalPrice: '80.00',
    totalPriceCents: 8000,
    status: 'scheduled',
    notes: 'Trazer referência de corte.',
    createdAt: '2026-11-01T12:00:00.000Z',
    client: {
      id: '6d1c1a52-3f0e-4a8e-9a55-0f1f7d6f0c11',
      name: 'Ana Souza',
      email: 'ana@example.com',
      phone: '(11) 98765-4321',
    },
    service: {
      id: '0b0f3c2e-8a51-4d0e-9d7e-6a1a2f7c9b01',
      name: 'Corte feminino',
      price: '80.00',
      durationMinutes: 60,
    },
    ...overrides,
  };
}

function pageOf(items: Appointment[], total = items.length, pageSize = 30): Page<Appointment> {
  return { items, total, page: 1, pageSize };
}

/** The list answers `matching` for filtered queries and `all` otherwise. */
function stubAgenda(all: Appointment[], matching: Appointment[] = all) {
  return stubApi({
    'GET /api/appointments': ({ query }: StubRequest) => {
      const isFiltered = ['search', 'status', 'period'].some((key) => query.has(key));
      const items = isFiltered ? matching : all;
      return pageOf(items.slice(0, Number(query.get('pageSize') ?? 30)), items.length);
    },
    'GET /api/clients': { items: [], total: 0, page: 1, pageSize: 100 },
    'GET /api/services': [],
  });
}

describe('Agenda page', () => {
  it('with no appointments: no filters, and the create-first button', async () => {
    stubAgenda([]);
    renderPage(<AppointmentsPage />);

    expect(await screen.findByText('Nenhum agendamento ainda')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Criar Primeiro Agendamento' })).toBeDefined();
    expect(screen.queryByRole('search', { name: 'Filtrar agendamentos' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Filtrar por status' })).toBeNull();
  });

  it('shows the filters once an appointment exists, and a card with every detail', async () => {
    stubAgenda([makeAppointment()]);
    renderPage(<AppointmentsPage />);

    const list = await screen.findByRole('list', { name: 'Agendamentos' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Ana Souza' })).toBeDefined();
    expect(within(card).getByText('Corte feminino')).toBeDefined();
    expect(within(card).getByText('Agendado')).toBeDefined();
    expect(within(card).getByText('21/11/2026')).toBeDefined();
    expect(within(card).getByText('09:00 - 10:00')).toBeDefined();
    expect(within(card).getByText('R$ 80,00')).toBeDefined();
    expect(within(card).getByText('(11) 98765-4321')).toBeDefined();
    expect(within(card).getByText('Trazer referência de corte.')).toBeDefined();

    const filters = screen.getByRole('search', { name: 'Filtrar agendamentos' });
    expect(
      within(filters).getByRole('searchbox', { name: 'Buscar por cliente ou serviço' }),
    ).toBeDefined();
    expect(within(filters).getByRole('combobox', { name: 'Filtrar por status' }).textContent).toBe(
      'Todos os status',
    );
    expect(within(filters).getByRole('combobox', { name: 'Filtrar por período' }).textContent).toBe(
      'Todo o período',
    );
  });

  it('keeps the filters and says so when nothing matches the search', async () => {
    const { calls } = stubAgenda([makeAppointment()], []);
    const user = userEvent.setup();
    renderPage(<AppointmentsPage />);

    await user.type(await screen.findByRole('searchbox'), 'Pedro');

    expect(await screen.findByText('Nenhum agendamento encontrado')).toBeDefined();
    expect(screen.getByRole('search', { name: 'Filtrar agendamentos' })).toBeDefined();
    expect(calls.filter((c) => c.query.has('search')).map((c) => c.query.get('search'))).toEqual([
      'Pedro',
    ]);

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(await screen.findByRole('heading', { name: 'Ana Souza' })).toBeDefined();
  });

  it.each([
    ['cancelled', 'Cancelado'],
    ['completed', 'Concluído'],
    ['confirmed', 'Confirmado'],
  ] as const)('a %s appointment shows the "%s" badge', async (status, label) => {
    stubAgenda([makeAppointment({ status })]);
    renderPage(<AppointmentsPage />);
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText(label)).toBeDefined();
  });

  it('?new=1 opens the form', async () => {
    stubAgenda([]);
    renderPage(<AppointmentsPage />, { path: '/dashboard/appointments?new=1' });
    expect(await screen.findByRole('dialog', { name: 'Novo Agendamento' })).toBeDefined();
  });

  it('an empty form shows only the first validation message', async () => {
    const { calls } = stubAgenda([]);
    const user = userEvent.setup();
    renderPage(<AppointmentsPage />);

    await user.click(await screen.findByRole('button', { name: 'Novo Agendamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Agendamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar Agendamento' }));

    expect(await screen.findByText('Erro de validação')).toBeDefined();
    expect(screen.getByText('Cliente inválido')).toBeDefined();
    expect(screen.queryByText('Serviço inválido')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('delete asks first, then deletes', async () => {
    const appointment = makeAppointment();
    const { calls } = stubApi({
      'GET /api/appointments': pageOf([appointment]),
      [`DELETE /api/appointments/${appointment.id}`]: null,
    });
    const user = userEvent.setup();
    renderPage(<AppointmentsPage />);

    await user.click(
      await screen.findByRole('button', { name: 'Excluir agendamento de Ana Souza' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Tem certeza que deseja excluir este agendamento?'),
    ).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText('Agendamento excluído com sucesso!')).toBeDefined();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('a locked appointment: no Excluir, and Editar changes only its notes', async () => {
    const closed = makeAppointment({ status: 'completed' });
    const open = makeAppointment({
      client: { ...makeAppointment().client, name: 'Bia Lima' },
      startTime: '11:00',
    });
    const { calls } = stubApi({
      'GET /api/appointments': pageOf([closed, open]),
      'GET /api/clients': { items: [], total: 0, page: 1, pageSize: 100 },
      'GET /api/services': [],
      [`PATCH /api/appointments/${closed.id}`]: { ...closed, notes: 'Gostou do óleo' },
    });
    // A closing's lock (features/money, composed by the route) on the first one only.
    const lock: AppointmentLock = ({ appointment, children }) =>
      children(appointment.id === closed.id);
    const user = userEvent.setup();
    renderPage(<AppointmentsPage cardLock={lock} />);

    const remove = await screen.findByRole('button', { name: 'Excluir agendamento de Ana Souza' });
    expect(remove.hasAttribute('disabled')).toBe(true);
    const reason = document.getElementById(remove.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe(APPOINTMENT_CLOSED_MESSAGE);
    const other = screen.getByRole('button', { name: 'Excluir agendamento de Bia Lima' });
    expect(other.hasAttribute('disabled')).toBe(false);
    expect(screen.getAllByText(APPOINTMENT_CLOSED_MESSAGE)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Editar agendamento de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atendimento concluído' });
    // Its other fields sit in a disabled fieldset (the browser journey, money.spec.ts, sees them
    // disabled); the notes are outside it.
    const time = within(dialog).getByLabelText('Horário de início');
    expect(time.closest('fieldset')?.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByLabelText('Observações').closest('fieldset')).toBeNull();
    const notes = within(dialog).getByLabelText('Observações');
    await user.clear(notes);
    await user.type(notes, 'Gostou do óleo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText('Agendamento atualizado com sucesso!')).toBeDefined();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ notes: 'Gostou do óleo' });
  });

  it('a load failure shows the product.md toast', async () => {
    stubApi({ 'GET /api/appointments': apiErrorResponse(500, 'INTERNAL', 'Falhou') });
    renderPage(<AppointmentsPage />);
    expect(await screen.findByText('Erro ao carregar agendamentos')).toBeDefined();
  });
});
