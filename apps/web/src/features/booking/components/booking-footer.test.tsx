import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/test/render-page';
import { BookingFooter } from './booking-footer';

describe('booking page footer', () => {
  it('"Compartilhar link" copies the page address', async () => {
    const user = userEvent.setup();
    // After setup: user-event installs its own clipboard stub.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage(<BookingFooter />, { path: '/book/studio-ana' });

    await user.click(screen.getByRole('button', { name: 'Compartilhar link' }));

    expect(await screen.findByText('Link copiado!')).toBeDefined();
    expect(writeText).toHaveBeenCalledWith(window.location.href);
  });

  it('falls back to the old copy command without the clipboard API', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPage(<BookingFooter />);

    await user.click(screen.getByRole('button', { name: 'Compartilhar link' }));

    expect(await screen.findByText('Link copiado!')).toBeDefined();
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('says it is powered by Agendaki, linking home', () => {
    renderPage(<BookingFooter />);
    expect(screen.getByRole('link', { name: 'Agendado com Agendaki' }).getAttribute('href')).toBe(
      '/',
    );
  });
});
