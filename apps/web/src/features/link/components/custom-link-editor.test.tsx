import type { LinkAvailability } from '@agendaki/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMe } from '@/test/account-fixtures';
import { apiErrorResponse, stubApi, type StubReply } from '@/test/api-stub';
import { renderPage } from '@/test/render-page';
import { CustomLinkEditor, type LinkEditorPlace } from './custom-link-editor';

const CHECK = '/api/profile/link-availability';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function field() {
  return screen.getByLabelText('Link personalizado') as HTMLInputElement;
}

function saveButton() {
  return screen.getByRole('button', { name: 'Salvar link' }) as HTMLButtonElement;
}

function status() {
  return screen.getByRole('status');
}

async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notificações/ });
  return within(region).findByText(text);
}

/** The server's answer for a candidate: free unless listed in `taken`. */
function availability(taken: string[] = []): StubReply {
  return ({ query }) => {
    const link = query.get('link') ?? '';
    const answer: LinkAvailability = taken.includes(link)
      ? {
          link,
          available: false,
          reason: 'taken',
          message: 'Este link já está em uso. Escolha outro.',
        }
      : { link, available: true };
    return answer;
  };
}

function setUp(
  routes: Record<string, StubReply> = {},
  { hasAccess = true, place = 'settings' as LinkEditorPlace } = {},
) {
  const api = stubApi({ 'GET /api/me': createMe(), [`GET ${CHECK}`]: availability(), ...routes });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderPage(<CustomLinkEditor currentLink="studio-ana" hasAccess={hasAccess} place={place} />);
  const checks = () => api.calls.filter((call) => call.path === CHECK);
  return { ...api, user, checks };
}

/** Types into the field as a person would, replacing what is there. */
async function typeLink(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.clear(field());
  await user.type(field(), text);
}

describe('CustomLinkEditor', () => {
  it('starts from the current link, with nothing to save', () => {
    setUp();
    expect(field().value).toBe('studio-ana');
    expect(status().textContent).toBe('Este é o seu link atual.');
    expect(saveButton().disabled).toBe(true);
  });

  it('normalizes while typing: lowercase, only a-z, 0-9 and hyphen', async () => {
    const { user } = setUp();
    await typeLink(user, 'Meu Novo_Link!-2');
    expect(field().value).toBe('meunovolink-2');
    expect(screen.getByText(/\/book\/meunovolink-2$/)).toBeDefined();
  });

  it('asks the server only 500 ms after typing stops, then says "Disponível"', async () => {
    const { user, fetchMock } = setUp();
    // Hold the server's answer to see the "checking" state (`calls` records it once answered).
    const answer = fetchMock.getMockImplementation()!;
    const checks = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === CHECK);
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith(CHECK)) await new Promise<void>((r) => (release = r));
      return answer(input, init);
    });

    await typeLink(user, 'ana-cabelos');
    act(() => vi.advanceTimersByTime(400));
    await user.type(field(), 'x');
    act(() => vi.advanceTimersByTime(450));
    expect(checks()).toHaveLength(0);
    expect(status().textContent).toBe('');
    expect(saveButton().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(60));
    expect(await within(status()).findByText('Verificando...')).toBeDefined();
    expect(checks().map((url) => url.searchParams.get('link'))).toEqual(['ana-cabelosx']);
    expect(saveButton().disabled).toBe(true);

    act(() => release());
    expect(await within(status()).findByText('Disponível')).toBeDefined();
    expect(saveButton().disabled).toBe(false);
  });

  it('shows the reason when another profile holds the link, and keeps save disabled', async () => {
    const { user } = setUp({ [`GET ${CHECK}`]: availability(['barbearia-bia']) });
    await typeLink(user, 'barbearia-bia');
    act(() => vi.advanceTimersByTime(500));
    expect(
      await within(status()).findByText('Este link já está em uso. Escolha outro.'),
    ).toBeDefined();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
  });

  it.each([
    ['ab', 'O link deve ter pelo menos 3 caracteres'],
    ['admin', 'Este link é reservado. Escolha outro.'],
  ])('refuses %j with the shared rule, without asking the server', async (typed, message) => {
    const { user, checks } = setUp();
    await typeLink(user, typed);
    act(() => vi.advanceTimersByTime(500));
    expect(await within(status()).findByText(message)).toBeDefined();
    expect(checks()).toHaveLength(0);
    expect(saveButton().disabled).toBe(true);
  });

  it('treats a failed check as unavailable', async () => {
    const { user } = setUp({
      [`GET ${CHECK}`]: () => apiErrorResponse(503, 'UNAVAILABLE', 'Fora do ar'),
    });
    await typeLink(user, 'ana-cabelos');
    act(() => vi.advanceTimersByTime(500));
    expect(
      await within(status()).findByText('Não foi possível verificar o link. Tente novamente.'),
    ).toBeDefined();
    expect(saveButton().disabled).toBe(true);
  });

  it('saves an available link and says "Link personalizado atualizado"', async () => {
    const saved = { ...createMe().profile, customLink: 'ana-cabelos' };
    const { user, calls } = setUp({ 'PUT /api/profile/link': saved });
    await typeLink(user, 'ana-cabelos');
    act(() => vi.advanceTimersByTime(500));
    await within(status()).findByText('Disponível');

    await user.click(saveButton());

    expect(await findToast('Link personalizado atualizado')).toBeDefined();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      customLink: 'ana-cabelos',
    });
  });

  it.each([
    ['settings', 'Erro ao atualizar link', 'Link inválido ou já em uso.'],
    ['my-link', 'Link inválido ou já em uso.', undefined],
  ] as const)(
    'in %s, a link taken meanwhile is refused with %j',
    async (place, title, description) => {
      const { user, checks } = setUp(
        {
          'PUT /api/profile/link': () =>
            apiErrorResponse(409, 'CONFLICT', 'Link inválido ou já em uso.'),
        },
        { place },
      );
      await typeLink(user, 'ana-cabelos');
      act(() => vi.advanceTimersByTime(500));
      await within(status()).findByText('Disponível');

      await user.click(saveButton());

      expect(await findToast(title)).toBeDefined();
      if (description) expect(await findToast(description)).toBeDefined();
      // The refusal makes the editor ask again.
      await vi.waitFor(() => expect(checks().length).toBeGreaterThan(1));
    },
  );

  it('in my-link, another failure says "Erro ao salvar link personalizado."', async () => {
    const { user } = setUp(
      {
        'PUT /api/profile/link': () =>
          apiErrorResponse(
            403,
            'SUBSCRIPTION_REQUIRED',
            'Sua assinatura não está ativa. Assine para continuar.',
          ),
      },
      { place: 'my-link' },
    );
    await typeLink(user, 'ana-cabelos');
    act(() => vi.advanceTimersByTime(500));
    await within(status()).findByText('Disponível');
    await user.click(saveButton());
    expect(await findToast('Erro ao salvar link personalizado.')).toBeDefined();
    expect(await findToast('Sua assinatura não está ativa. Assine para continuar.')).toBeDefined();
  });

  it('is disabled without subscription access and asks nothing', async () => {
    const { checks } = setUp({}, { hasAccess: false });
    expect(field().disabled).toBe(true);
    expect(saveButton().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(checks()).toHaveLength(0);
  });
});
