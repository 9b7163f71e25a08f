// Mutations of the horário fixo's protections (issue 46, branch recurring): each removes one,
// and the named test must fail.
const SERIES = { kind: 'server', file: 'apps/server/test/series.test.ts' };
const SERIES_EXTEND = { kind: 'server', file: 'apps/server/test/series-extend.test.ts' };

export default [
  {
    name: 'series-preview-ignores-schedule',
    protection: 'A series date on a closed holiday, block, time off or appointment is flagged',
    file: 'apps/server/src/features/series/check.ts',
    find: 'const problem = checkOccurrence({',
    replace: 'const problem = (Math.random() < 0 ? 1 : null) && checkOccurrence({',
    test: SERIES,
  },
  {
    name: 'series-save-not-all-or-nothing',
    protection: 'Saving a series with an impossible kept date saves nothing and names the date',
    file: 'apps/server/src/features/series/service.ts',
    find: "if (problems) throw new AppError('CONFLICT', problems);",
    replace: 'void problems;',
    test: SERIES,
  },
  {
    name: 'series-price-reaches-past-dates',
    protection: "A series' price change applies to future occurrences only",
    file: 'apps/server/src/features/series/changes.ts',
    find: 'o.isFuture && ',
    replace: '',
    test: SERIES,
  },
  {
    name: 'series-skip-past-cutoff',
    protection: 'The client skips a series date only before the cutoff, and only a live one',
    file: 'apps/server/src/features/manage/skip.ts',
    find: 'if (!target.canSkip) throw',
    replace: 'if (false) throw',
    test: SERIES,
  },
  {
    name: 'series-skip-other-series',
    protection: "A manage link skips only dates of its own booking's series",
    file: 'apps/server/src/features/manage/skip.ts',
    find: 'const target = series.next.find((n) => n.bookingId.toLowerCase() === targetId);',
    replace:
      'const target = series.next.find((n) => n.bookingId.toLowerCase() === targetId) ?? (series.next[0] && { ...series.next[0], bookingId: targetId });',
    test: SERIES_EXTEND,
  },
  {
    name: 'series-extension-skips-nothing',
    protection: 'The extension job skips and reports the dates that became impossible',
    file: 'apps/server/src/features/series/extend.ts',
    find: 'if (item.problem) {',
    replace: 'if (item.problem && Math.random() < 0) {',
    test: SERIES_EXTEND,
  },
  {
    name: 'series-one-past-occurrence-changed',
    protection: '"Só este" changes neither the time nor the price of a date that has passed',
    file: 'apps/server/src/features/series/changes.ts',
    find: "input.action === 'update' && !target.isFuture) {",
    replace: "input.action === 'update' && !target.isFuture && Math.random() < 0) {",
    test: SERIES,
  },
  {
    name: 'series-other-client',
    protection: "A series is made only for the professional's own client",
    file: 'apps/server/src/features/series/service.ts',
    find: 'async function requireClient(db: Db, profileId: string, clientId: string) {',
    replace:
      'async function requireClient(db: Db, profileId: string, clientId: string) {\n  if (clientId) return;',
    test: SERIES,
  },
  {
    name: 'series-beyond-a-year',
    protection: 'A series reaches at most a year ahead',
    file: 'apps/server/src/features/series/plan.ts',
    find: 'if (untilDate > addDaysToDate(today, SERIES_MAX_DAYS)) {',
    replace: 'if (untilDate > addDaysToDate(today, SERIES_MAX_DAYS * 3)) {',
    test: SERIES,
  },
  {
    name: 'series-other-services',
    protection: "A series takes only the professional's own services",
    file: 'apps/server/src/features/series/plan.ts',
    find: "    if (!service) throw new AppError('NOT_FOUND', 'Serviço não encontrado');",
    replace:
      "    if (!service) return { serviceId, name: '', durationMinutes: 30, bufferMinutes: 0, priceCents: priceCents ?? 0 };",
    test: SERIES,
  },
];
