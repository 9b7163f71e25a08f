import { PUBLIC_DATA_ELEMENT_ID, type BookingInput } from '@agendaki/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorResponse, stubApi, type StubReply, type StubRequest } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import {
  corte,
  embedProfessional,
  escova,
  makeBookingResponse,
  makeProfessional,
  POW_CHALLENGE,
  PROFESSIONAL_ID,
} from '../testing/fixtures';
import { BookingPage } from './booking-page';

const PROFILE_PATH = 'GET /api/public/professionals/studio-ana';
const SLOTS_PATH = `GET /api/public/professionals/${PROFESSIONAL_ID}/slots`;
const BOOKINGS_PATH = 'POST /api/public/bookings';
const DAYS_PATH = `GET /api/public/professionals/${PROFESSIONAL_ID}/days`;

/** The calendar's code arrives on demand: on a busy machine, past findBy's 1 s default. */
const LAZY_CALENDAR = { timeout: 8000 };
/** The first test to open the calendar waits for its code, past the 5 s test default. */
const LONG_TEST_MS = 20_000;

/** The server's bookable days of a month: Monday to Saturday, but for the dates in `full`. */
function bookableDaysOf(month: string, full: readonly string[] = []) {
  const [year = 0, monthNumber = 0] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return Array.from(
    { length: count },
    (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`,
  )
    .filter((date) => new Date(`${date}T00:00:00Z`).getUTCDay() !== 0)
    .filter((date) => !full.includes(date));
}

function daysReply(full: readonly string[] = []) {
  return ({ query }: StubRequest) => {
    const month = query.get('month') ?? '';
    return { month, days: bookableDaysOf(month, full) };
  };
}

function stubBookingApi(routes: Record<string, StubReply> = {}) {
  return stubApi({
    [PROFILE_PATH]: makeProfessional(),
    [SLOTS_PATH]: ({ query }: StubRequest) => ({
      date: query.get('date'),
      slots: ['09:00', '09:30', '14:00'],
    }),
    [DAYS_PATH]: daysReply(),
    [BOOKINGS_PATH]: ({ body }: StubRequest) =>
      new Response(JSON.stringify(makeBookingResponse(body as BookingInput)), { status: 201 }),
    'GET /api/public/booking-challenge': POW_CHALLENGE,
    ...routes,
  });
}

function renderBooking(link = 'studio-ana') {
  return { user: userEvent.setup(), ...renderPage(<BookingPage link={link} />) };
}

const serviceButton = (name: string) => screen.getByRole('button', { name });

/** Chooses the services, Monday 23/11/2026, and opens the slot list. */
async function reachTimes(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const name of names) await user.click(await screen.findByRole('button', { name }));
  await user.click(screen.getByRole('button', { name: 'Continuar para a data' }));
  // The calendar's code arrives on demand.
  await user.click(
    await screen.findByRole('button', { name: /23 de novembro de 2026/ }, LAZY_CALENDAR),
  );
  await user.click(screen.getByRole('button', { name: 'Continuar para horário' }));
  await screen.findByRole('heading', { name: 'Escolha o horário' });
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, time = '09:00') {
  await user.click(await screen.findByRole('button', { name: time }));
  return screen.findByRole('dialog', { name: 'Confirmar Agendamento' });
}

async function fillContact(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Nome completo/), 'Maria Silva');
  await user.type(within(dialog).getByLabelText(/^E-mail/), 'maria@exemplo.com');
  await user.type(within(dialog).getByLabelText(/Telefone/), '(11) 91234-5678');
}

/** Holds the slot answers of the stubbed API while `hold()` is on, until `release()`. */
function holdSlotAnswers(fetchMock: ReturnType<typeof stubApi>['fetchMock']) {
  const answer = fetchMock.getMockImplementation()!;
  let gate: Promise<void> | undefined;
  let open = () => {};
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).includes('/slots')) await gate;
    return answer(input, init);
  });
  return {
    hold() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    release() {
      open();
      gate = undefined;
    },
  };
}

function currentStep(): string | null | undefined {
  const list = screen.getByRole('list', { name: 'Etapas do agendamento' });
  return list.querySelector('[aria-current="step"]')?.textContent;
}

describe('public booking page: loading', () => {
  afterEach(() => document.getElementById(PUBLIC_DATA_ELEMENT_ID)?.remove());

  it('paints from the data embedded in the HTML, without a request', () => {
    const { fetchMock } = stubBookingApi();
    embedProfessional(makeProfessional());
    renderBooking();

    // Synchronously: no "Carregando dados..." first.
    expect(screen.getByRole('heading', { level: 1, name: 'Studio Ana' })).toBeDefined();
    expect(screen.getByText('Ana Paula Souza')).toBeDefined();
    expect(screen.getByText('Cortes e coloração com hora marcada.')).toBeDefined();
    expect(screen.getByText('AS')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('without embedded data shows "Carregando dados..." with the link, then the page', async () => {
    const { calls } = stubBookingApi();
    renderBooking();

    expect(screen.getAllByText('Carregando dados...').length).toBeGreaterThan(0);
    expect(screen.getByText('studio-ana')).toBeDefined();
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Ana' })).toBeDefined();
    expect(calls.map((c) => c.path)).toEqual(['/api/public/professionals/studio-ana']);
  });

  it('says "Profissional não encontrado" (not yet active) on 404', async () => {
    stubBookingApi({
      [PROFILE_PATH]: () => apiErrorResponse(404, 'NOT_FOUND', 'Profissional não encontrado'),
    });
    renderBooking();

    expect(
      await screen.findByRole('heading', { name: 'Profissional não encontrado' }),
    ).toBeDefined();
    expect(screen.getByText(/ainda não está ativo/)).toBeDefined();
    expect(screen.getByText(/Entre em contato diretamente/)).toBeDefined();
  });

  it('shows "Erro na busca: {message}" for a failed lookup, and tries again', async () => {
    let fails = true;
    stubBookingApi({
      [PROFILE_PATH]: () =>
        fails
          ? apiErrorResponse(503, 'UNAVAILABLE', 'Serviço temporariamente indisponível')
          : makeProfessional(),
    });
    const { user } = renderBooking();

    expect(
      await screen.findByText('Erro na busca: Serviço temporariamente indisponível'),
    ).toBeDefined();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio Ana' })).toBeDefined();
  });

  it('says "Link inválido" without a link', () => {
    const { fetchMock } = stubBookingApi();
    renderBooking('');

    expect(screen.getByText('Link inválido')).toBeDefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the professional has no active service', async () => {
    stubBookingApi({ [PROFILE_PATH]: makeProfessional({ services: [] }) });
    renderBooking();

    expect(await screen.findByText('Nenhum serviço disponível no momento.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Continuar para a data' })).toBeNull();
  });
});

describe('public booking page: the wizard', () => {
  it('toggles services and sums count, duration and price', async () => {
    stubBookingApi();
    const { user } = renderBooking();

    const next = await screen.findByRole('button', { name: 'Continuar para a data' });
    expect(currentStep()).toContain('Serviços');
    expect(next).toHaveProperty('disabled', true);
    expect(screen.getByTestId('booking-summary').textContent).toBe('Nenhum serviço selecionado');

    await user.click(serviceButton('Corte feminino'));
    await user.click(serviceButton('Escova'));
    expect(serviceButton('Corte feminino').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('booking-summary').textContent).toBe(
      '2 serviços selecionados · 90 min · Total: R$ 130,00',
    );
    expect(next).toHaveProperty('disabled', false);

    await user.click(serviceButton('Corte feminino'));
    expect(serviceButton('Corte feminino').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('booking-summary').textContent).toBe(
      '1 serviço selecionado · 30 min · Total: R$ 50,00',
    );
  });

  it('shows each service with its price and duration', async () => {
    stubBookingApi();
    renderBooking();

    const list = await screen.findByRole('list', { name: 'Serviços' });
    const [first] = within(list).getAllByRole('listitem');
    expect(within(first!).getByText('R$ 80,00')).toBeDefined();
    expect(within(first!).getByText('60 min')).toBeDefined();
    expect(within(first!).getByText('Lavagem, corte e finalização.')).toBeDefined();
    expect(first!.querySelector('img')?.getAttribute('src')).toBe(corte.thumbnailUrl);
  });

  it(
    'needs a date to go on; past days, closed weekdays and full days are disabled; back keeps choices',
    async () => {
      // Tuesday 24/11 has nothing left for the selection: the server leaves it out.
      const { calls } = stubBookingApi({ [DAYS_PATH]: daysReply(['2026-11-24']) });
      const { user } = renderBooking();

      await user.click(await screen.findByRole('button', { name: 'Escova' }));
      await user.click(screen.getByRole('button', { name: 'Continuar para a data' }));
      expect(screen.getByRole('heading', { name: 'Escolha a data' })).toBeDefined();
      expect(currentStep()).toContain('Data');
      // Focus follows the new step, so a screen reader announces it.
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Escolha a data' }));
      const next = screen.getByRole('button', { name: 'Continuar para horário' });
      expect(next).toHaveProperty('disabled', true);

      // Today is Friday 20/11 in the professional's zone: the 19th is past, Sunday 22nd is closed.
      expect(
        await screen.findByRole('button', { name: /19 de novembro/ }, LAZY_CALENDAR),
      ).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: /22 de novembro/ })).toHaveProperty(
        'disabled',
        true,
      );
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /24 de novembro/ })).toHaveProperty(
          'disabled',
          true,
        ),
      );
      const daysCall = calls.find((call) => call.path.endsWith('/days'));
      expect(daysCall?.query.get('month')).toBe('2026-11');
      expect(daysCall?.query.get('serviceIds')).toBe(escova.id);
      expect(
        screen.getByRole('button', { name: /Hoje, sexta-feira, 20 de novembro/ }),
      ).toHaveProperty('disabled', false);

      await user.click(screen.getByRole('button', { name: /23 de novembro de 2026/ }));
      expect(screen.getByText('segunda-feira, 23 de novembro de 2026')).toBeDefined();
      expect(next).toHaveProperty('disabled', false);

      await user.click(screen.getByRole('button', { name: 'Voltar' }));
      expect(currentStep()).toContain('Serviços');
      expect(serviceButton('Escova').getAttribute('aria-pressed')).toBe('true');
    },
    LONG_TEST_MS,
  );

  it(
    'turns the calendar to the next month, once, when nothing is left in this one',
    async () => {
      // Every day left in November is full (or it is the month's last evening).
      const { calls } = stubBookingApi({ [DAYS_PATH]: daysReply(bookableDaysOf('2026-11')) });
      const { user } = renderBooking();
      await user.click(await screen.findByRole('button', { name: 'Escova' }));
      await user.click(screen.getByRole('button', { name: 'Continuar para a data' }));

      expect(
        await screen.findByRole('grid', { name: 'dezembro 2026' }, LAZY_CALENDAR),
      ).toBeDefined();
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'terça-feira, 1 de dezembro de 2026' }),
        ).toHaveProperty('disabled', false),
      );
      const months = calls
        .filter((call) => call.path.endsWith('/days'))
        .map((call) => call.query.get('month'));
      expect(months).toEqual(['2026-11', '2026-12']);

      // Back to November by hand: it stays there, its days grey.
      await user.click(screen.getByRole('button', { name: 'Ir para o mês anterior' }));
      expect(await screen.findByRole('grid', { name: 'novembro 2026' })).toBeDefined();
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: /Hoje, sexta-feira, 20 de novembro/ }),
        ).toHaveProperty('disabled', true),
      );
      expect(screen.getByRole('grid', { name: 'novembro 2026' })).toBeDefined();
    },
    LONG_TEST_MS,
  );

  it(
    'keeps this month when the next one is beyond the booking horizon',
    async () => {
      const { calls } = stubBookingApi({
        [PROFILE_PATH]: makeProfessional({ lastBookableDate: '2026-11-30' }),
        [DAYS_PATH]: daysReply(bookableDaysOf('2026-11')),
      });
      const { user } = renderBooking();
      await user.click(await screen.findByRole('button', { name: 'Escova' }));
      await user.click(screen.getByRole('button', { name: 'Continuar para a data' }));
      await waitFor(() =>
        expect(screen.getByRole('button', { name: /23 de novembro de 2026/ })).toHaveProperty(
          'disabled',
          true,
        ),
      );
      expect(screen.getByRole('grid', { name: 'novembro 2026' })).toBeDefined();
      expect(calls.filter((call) => call.path.endsWith('/days'))).toHaveLength(1);
    },
    LONG_TEST_MS,
  );

  it('asks the server for the times of the date and the services, in the listed order', async () => {
    const { calls } = stubBookingApi();
    const { user } = renderBooking();

    await reachTimes(user, ['Escova', 'Corte feminino']);

    expect(await screen.findByRole('button', { name: '14:00' })).toBeDefined();
    const slotCall = calls.find((c) => c.path.endsWith('/slots'));
    expect(slotCall?.query.get('date')).toBe('2026-11-23');
    expect(slotCall?.query.get('serviceIds')).toBe(`${corte.id},${escova.id}`);
    expect(screen.getByRole('group', { name: 'Manhã' })).toBeDefined();
    expect(screen.getByRole('group', { name: 'Tarde' })).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(currentStep()).toContain('Data');
  });

  it('says when a date has no time left', async () => {
    stubBookingApi({ [SLOTS_PATH]: { date: '2026-11-23', slots: [] } });
    const { user } = renderBooking();

    await reachTimes(user, ['Escova']);

    expect(await screen.findByText('Nenhum horário disponível nesta data')).toBeDefined();
  });

  it('names each service card by the service alone, its details as the description', async () => {
    stubBookingApi();
    renderBooking();

    const button = await screen.findByRole('button', { name: 'Corte feminino' });
    expect(button.textContent).toBe('Corte feminino');
    const details = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(details?.textContent).toContain('Lavagem, corte e finalização.');
    expect(details?.textContent).toContain('R$ 80,00');
  });

  it('offers no time kept from an earlier visit until the times are asked again', async () => {
    let round = 0;
    const { fetchMock } = stubBookingApi({
      [SLOTS_PATH]: () => {
        round += 1;
        return { date: '2026-11-23', slots: round === 1 ? ['09:00', '14:00'] : ['14:00'] };
      },
    });
    const answer = holdSlotAnswers(fetchMock);
    const { user } = renderBooking();
    answer.release();
    await reachTimes(user, ['Escova']);
    expect(await screen.findByRole('button', { name: '09:00' })).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    answer.hold();
    await user.click(screen.getByRole('button', { name: 'Continuar para horário' }));

    // The same date and service: the cached list stays hidden behind the loading state.
    expect(await screen.findByText('Carregando horários...')).toBeDefined();
    expect(screen.queryByRole('button', { name: '09:00' })).toBeNull();
    answer.release();
    expect(await screen.findByRole('button', { name: '14:00' })).toBeDefined();
    expect(screen.queryByRole('button', { name: '09:00' })).toBeNull();
  });

  it('asks the times again when the visitor comes back, and holds the clicks meanwhile', async () => {
    let round = 0;
    const { fetchMock } = stubBookingApi({
      [SLOTS_PATH]: () => {
        round += 1;
        return { date: '2026-11-23', slots: round === 1 ? ['09:00', '14:00'] : ['14:00'] };
      },
    });
    const answer = holdSlotAnswers(fetchMock);
    const { user } = renderBooking();
    answer.release();
    await reachTimes(user, ['Escova']);
    const taken = await screen.findByRole('button', { name: '09:00' });

    answer.hold();
    // Back from another app: the page becomes visible again.
    window.dispatchEvent(new Event('visibilitychange'));

    await waitFor(() => expect(taken.getAttribute('aria-disabled')).toBe('true'));
    await user.click(taken);
    expect(screen.queryByRole('dialog')).toBeNull();
    answer.release();
    await waitFor(() => expect(screen.queryByRole('button', { name: '09:00' })).toBeNull());
    expect(screen.getByRole('button', { name: '14:00' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('public booking page: confirmation', () => {
  it('shows what is booked and checks the required fields in place', async () => {
    const { calls } = stubBookingApi();
    const { user } = renderBooking();
    await reachTimes(user, ['Corte feminino', 'Escova']);
    const dialog = await openDialog(user);

    expect(within(dialog).getByText('Corte feminino')).toBeDefined();
    expect(within(dialog).getByText('09:00 – 10:00 · 60 min')).toBeDefined();
    expect(within(dialog).getByText('10:00 – 10:30 · 30 min')).toBeDefined();
    expect(within(dialog).getByText('R$ 130,00')).toBeDefined();
    expect(within(dialog).getByText('23/11/2026')).toBeDefined();
    expect(within(dialog).getByText('Ana Paula Souza')).toBeDefined();
    const phone = within(dialog).getByLabelText(/Telefone/);
    expect(phone.getAttribute('inputmode')).toBe('tel');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    expect(
      within(dialog)
        .getByLabelText(/Observações/)
        .getAttribute('rows'),
    ).toBe('3');

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await within(dialog).findByText('Nome é obrigatório')).toBeDefined();
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Nome completo/));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('cancelled, with the button or Escape, gives the focus back to the time pressed', async () => {
    stubBookingApi();
    const { user } = renderBooking();
    await reachTimes(user, ['Escova']);

    const dialog = await openDialog(user, '09:30');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '09:30' })),
    );

    await openDialog(user, '14:00');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '14:00' })),
    );
  });

  it('on success: toast, dialog closed, choices reset to step 1, times refreshed', async () => {
    const { calls } = stubBookingApi();
    const { user } = renderBooking();
    await reachTimes(user, ['Corte feminino', 'Escova']);
    const dialog = await openDialog(user, '09:30');
    await fillContact(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await screen.findByText('Agendamento confirmado!')).toBeDefined();
    expect(screen.getByText('2 serviços agendados para 23/11/2026 às 09:30.')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentStep()).toContain('Serviços');
    expect(serviceButton('Corte feminino').getAttribute('aria-pressed')).toBe('false');
    expect(serviceButton('Escova').getAttribute('aria-pressed')).toBe('false');
    // The times of that day were asked again: the booked ones are gone for the next visitor.
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/slots'))).toHaveLength(2));

    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      professionalId: PROFESSIONAL_ID,
      serviceIds: [corte.id, escova.id],
      date: '2026-11-23',
      time: '09:30',
      clientName: 'Maria Silva',
      clientEmail: 'maria@exemplo.com',
      clientPhone: '11912345678',
      notes: null,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pow: expect.any(String),
    });
    // The challenge the page asked for, solved: the counter that derives its key.
    const pow = JSON.parse(atob((post?.body as BookingInput).pow!));
    expect(pow.challenge).toEqual(POW_CHALLENGE);
    expect(pow.solution.counter).toBe(2);
  });

  it('on failure: product.md toast, the dialog stays open, and a retry reuses the key', async () => {
    let answer = 'fail';
    const { calls } = stubBookingApi({
      [DAYS_PATH]: daysReply(),
      [BOOKINGS_PATH]: ({ body }: StubRequest) =>
        answer === 'fail'
          ? apiErrorResponse(500, 'INTERNAL', 'Erro interno')
          : new Response(JSON.stringify(makeBookingResponse(body as BookingInput)), {
              status: 201,
            }),
    });
    const { user } = renderBooking();
    await reachTimes(user, ['Escova']);
    const dialog = await openDialog(user);
    await fillContact(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await screen.findByText('Erro')).toBeDefined();
    expect(
      screen.getByText('Ocorreu um erro ao confirmar seu agendamento. Tente novamente.'),
    ).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Confirmar Agendamento' })).toBeDefined();
    expect(within(dialog).getByLabelText(/^Nome completo/)).toHaveProperty('value', 'Maria Silva');

    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));
    expect(await screen.findByText('1 serviço agendado para 23/11/2026 às 09:00.')).toBeDefined();
    const [first, retry] = calls.filter((c) => c.method === 'POST');
    expect((retry?.body as BookingInput).idempotencyKey).toBe(
      (first?.body as BookingInput).idempotencyKey,
    );
    // The same attempt keeps its proof of work: the server accepts it again for the same key.
    expect((retry?.body as BookingInput).pow).toBe((first?.body as BookingInput).pow);
  });

  it('on 429 shows the limit message, keeps the dialog, and a changed request gets a new key', async () => {
    let answer = 'limited';
    const message = 'Muitas tentativas. Tente novamente em alguns minutos.';
    const { calls } = stubBookingApi({
      [DAYS_PATH]: daysReply(),
      [BOOKINGS_PATH]: ({ body }: StubRequest) =>
        answer === 'limited'
          ? apiErrorResponse(429, 'TOO_MANY_REQUESTS', message, { retryAfterSeconds: 600 })
          : new Response(JSON.stringify(makeBookingResponse(body as BookingInput)), {
              status: 201,
            }),
    });
    const { user } = renderBooking();
    await reachTimes(user, ['Escova']);
    const dialog = await openDialog(user);
    await fillContact(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await screen.findByText(message)).toBeDefined();
    expect(screen.getByRole('dialog', { name: 'Confirmar Agendamento' })).toBeDefined();
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveProperty('value', 'maria@exemplo.com');

    // The same request again is the same attempt; a corrected e-mail is a new one.
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    answer = 'ok';
    const email = within(dialog).getByLabelText(/^E-mail/);
    await user.clear(email);
    await user.type(email, 'maria.silva@exemplo.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));
    expect(await screen.findByText('1 serviço agendado para 23/11/2026 às 09:00.')).toBeDefined();
    const [first, same, changed] = calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as BookingInput).idempotencyKey);
    expect(same).toBe(first);
    expect(changed).not.toBe(first);
  });

  it('on 422 (key used for another request) the next confirmation sends a new key', async () => {
    let answer = 'reused';
    const message =
      'Esta chave de idempotência já foi usada com outro pedido. Recarregue a página e tente novamente.';
    const { calls } = stubBookingApi({
      [DAYS_PATH]: daysReply(),
      [BOOKINGS_PATH]: ({ body }: StubRequest) =>
        answer === 'reused'
          ? apiErrorResponse(422, 'IDEMPOTENCY_KEY_REUSED', message)
          : new Response(JSON.stringify(makeBookingResponse(body as BookingInput)), {
              status: 201,
            }),
    });
    const { user } = renderBooking();
    await reachTimes(user, ['Escova']);
    const dialog = await openDialog(user);
    await fillContact(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));
    expect(await screen.findByText(message)).toBeDefined();
    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await screen.findByText('1 serviço agendado para 23/11/2026 às 09:00.')).toBeDefined();
    const [first, retry] = calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as BookingInput).idempotencyKey);
    expect(retry).not.toBe(first);
  });

  it('on 409 shows the server message, closes the dialog and refreshes the times', async () => {
    let taken = false;
    const message = 'Este horário acabou de ser reservado. Escolha outro horário.';
    const { calls } = stubBookingApi({
      [SLOTS_PATH]: () => ({
        date: '2026-11-23',
        slots: taken ? ['09:30', '14:00'] : ['09:00', '09:30', '14:00'],
      }),
      [BOOKINGS_PATH]: () => {
        taken = true;
        return apiErrorResponse(409, 'SLOT_TAKEN', message);
      },
    });
    const { user } = renderBooking();
    await reachTimes(user, ['Escova']);
    const dialog = await openDialog(user, '09:00');
    await fillContact(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar agendamento' }));

    expect(await screen.findByText(message)).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentStep()).toContain('Horário');
    await waitFor(() => expect(screen.queryByRole('button', { name: '09:00' })).toBeNull());
    expect(screen.getByRole('button', { name: '09:30' })).toBeDefined();
    expect(calls.filter((c) => c.path.endsWith('/slots'))).toHaveLength(2);

    // What the client typed is still there for the next time they pick.
    const again = await openDialog(user, '09:30');
    expect(within(again).getByLabelText(/^E-mail/)).toHaveProperty('value', 'maria@exemplo.com');
  });
});
