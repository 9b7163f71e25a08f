import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSonner } from '@/lib/lazy-toast';
import { renderPage } from '@/test/render-page';
import { COPIED_MS, CopyLinkButton } from './copy-link-button';

const URL_TO_COPY = 'http://localhost:3000/book/studio-ana';

// The Toaster mounts with the page, not at the first toast, so the 2 s are counted from the click.
beforeAll(() => loadSonner());
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function setUp() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  // After setup: user-event installs its own clipboard stub.
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  renderPage(<CopyLinkButton url={URL_TO_COPY} />);
  return { user, writeText };
}

describe('CopyLinkButton', () => {
  it('copies the link, toasts "Link copiado!" and shows "Copiado!" for exactly 2 s', async () => {
    const { user, writeText } = setUp();

    await user.click(screen.getByRole('button', { name: 'Copiar link' }));

    expect(writeText).toHaveBeenCalledWith(URL_TO_COPY);
    expect(await screen.findByText('Link copiado!')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copiado!' })).toBeDefined();
    act(() => vi.advanceTimersByTime(COPIED_MS - 50));
    expect(screen.getByRole('button', { name: 'Copiado!' })).toBeDefined();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeDefined();
    expect(COPIED_MS).toBe(2000);
  });

  it('starts the 2 s again on a second click', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Copiar link' }));
    act(() => vi.advanceTimersByTime(1500));
    await user.click(screen.getByRole('button', { name: 'Copiado!' }));
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Copiado!' })).toBeDefined();
    act(() => vi.advanceTimersByTime(600));
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeDefined();
  });

  it('says so when the browser refuses to copy', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    renderPage(<CopyLinkButton url={URL_TO_COPY} />);

    await user.click(screen.getByRole('button', { name: 'Copiar link' }));

    expect(await screen.findByText('Não foi possível copiar')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Copiar link' })).toBeDefined();
  });
});
