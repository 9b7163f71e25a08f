/** The waiting list's query keys (docs/ARCHITECTURE.md, Web): no key literal elsewhere. */
export const WAITLIST_QUERY_KEY = ['waitlist'] as const;

export const waitlistKeys = {
  publicSettings: (professionalId: string) =>
    [...WAITLIST_QUERY_KEY, 'public-settings', professionalId] as const,
  entry: (token: string) => [...WAITLIST_QUERY_KEY, 'entry', token] as const,
  settings: () => [...WAITLIST_QUERY_KEY, 'settings'] as const,
  day: (date: string) => [...WAITLIST_QUERY_KEY, 'day', date] as const,
  days: () => [...WAITLIST_QUERY_KEY, 'day'] as const,
};
