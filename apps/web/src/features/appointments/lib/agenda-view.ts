import { MOBILE_QUERY } from '@/lib/mobile-query';

export type AgendaView = 'list' | 'day' | 'week';

/** `?vista=` of the Agenda: the list, or the day or week grid (without it: day on a phone, else list). */
export const AGENDA_VIEW_PARAM = 'vista';
const PARAM_OF: Record<AgendaView, string> = { list: 'lista', day: 'dia', week: 'semana' };

export function toAgendaView(value: string | null): AgendaView | null {
  const found = (Object.keys(PARAM_OF) as AgendaView[]).find((view) => PARAM_OF[view] === value);
  return found ?? null;
}

export function agendaViewHref(view: AgendaView, date?: string): string {
  const params = new URLSearchParams({ [AGENDA_VIEW_PARAM]: PARAM_OF[view] });
  if (date) params.set('data', date);
  return `?${params.toString()}`;
}

/** The view the Agenda opens on at `search` (decision 014: a phone opens on the day). */
export function initialAgendaView(search: URLSearchParams, isPhone: boolean): AgendaView {
  const requested = toAgendaView(search.get(AGENDA_VIEW_PARAM));
  return requested ?? (isPhone ? 'day' : 'list');
}

/** Whether the page just opened is the Agenda on the day or week grid. */
export function opensOnAgendaGrid(agendaPath: string): boolean {
  if (window.location.pathname !== agendaPath) return false;
  const isPhone = window.matchMedia(MOBILE_QUERY).matches;
  return initialAgendaView(new URLSearchParams(window.location.search), isPhone) !== 'list';
}
