import { afterEach, describe, expect, it, vi } from 'vitest';
import { agendaViewHref, initialAgendaView, opensOnAgendaGrid } from './agenda-view';

const AGENDA = '/dashboard/appointments';

function onScreen({ path, isPhone }: { path: string; isPhone: boolean }) {
  window.history.pushState({}, '', path);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: isPhone, media: query }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

describe('initialAgendaView', () => {
  it.each([
    ['', false, 'list'],
    ['', true, 'day'],
    ['vista=semana', true, 'week'],
    ['vista=lista', true, 'list'],
    ['vista=dia', false, 'day'],
    ['vista=mes', true, 'day'],
    ['vista=DIA', false, 'list'],
  ])('?%s on a phone %s opens on %s', (search, isPhone, view) => {
    expect(initialAgendaView(new URLSearchParams(search), isPhone)).toBe(view);
  });

  it('reads back what agendaViewHref writes', () => {
    const href = agendaViewHref('week', '2026-12-01');
    expect(href).toBe('?vista=semana&data=2026-12-01');
    expect(initialAgendaView(new URLSearchParams(href), false)).toBe('week');
  });
});

describe('opensOnAgendaGrid', () => {
  it('is true on a phone opening the Agenda without a view, and on ?vista=dia or semana', () => {
    onScreen({ path: AGENDA, isPhone: true });
    expect(opensOnAgendaGrid(AGENDA)).toBe(true);
    onScreen({ path: `${AGENDA}?vista=semana`, isPhone: false });
    expect(opensOnAgendaGrid(AGENDA)).toBe(true);
  });

  it('is false on the list and on any other page', () => {
    onScreen({ path: AGENDA, isPhone: false });
    expect(opensOnAgendaGrid(AGENDA)).toBe(false);
    onScreen({ path: `${AGENDA}?vista=lista`, isPhone: true });
    expect(opensOnAgendaGrid(AGENDA)).toBe(false);
    onScreen({ path: '/dashboard', isPhone: true });
    expect(opensOnAgendaGrid(AGENDA)).toBe(false);
  });
});
