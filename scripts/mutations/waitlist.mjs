// Mutations of the waiting list (features/waitlist): each removes one protection; the named test
// must fail with it applied and pass without (scripts/mutations.mjs runs them).
const MAIN = { kind: 'server', file: 'apps/server/test/waitlist.test.ts' };
const PROFESSIONAL = { kind: 'server', file: 'apps/server/test/waitlist-professional.test.ts' };
const RACES = { kind: 'server', file: 'apps/server/test/waitlist-races.test.ts' };

export default [
  {
    name: 'waitlist-overdue-offer-kept',
    protection:
      'an offer past its deadline expires and its time is freed (features/waitlist/offers.ts)',
    file: 'apps/server/src/features/waitlist/offers.ts',
    find: "      await repo.closeOffer(tx, professionalId, id, 'expired', now);",
    replace: '      void id;',
    test: MAIN,
  },
  {
    name: 'waitlist-last-in-line-first',
    protection: 'the first in line (oldest entry) is offered first',
    file: 'apps/server/src/features/waitlist/repo.ts',
    find: '    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));\n}\n\n/** Every entry',
    replace:
      '    .orderBy(sql`${waitlistEntries.createdAt} desc`, asc(waitlistEntries.id));\n}\n\n/** Every entry',
    test: MAIN,
  },
  {
    name: 'waitlist-any-time-fits',
    protection: 'only a time within the wanted periods or range is offered',
    file: 'packages/shared/src/waitlist.ts',
    find: 'export function fitsWish(time: string, wish: WishLike): boolean {',
    replace:
      'export function fitsWish(time: string, wish: WishLike): boolean {\n  if (time) return true;',
    test: MAIN,
  },
  {
    name: 'waitlist-entry-not-scoped',
    protection: "a professional's entry is found only under their professional_id",
    file: 'apps/server/src/features/waitlist/repo.ts',
    find: '    .where(and(eq(waitlistEntries.professionalId, professionalId), eq(waitlistEntries.id, id)));',
    replace: '    .where(eq(waitlistEntries.id, id));',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-offer-by-hand-unchecked',
    protection: 'an offer by hand only for a time free now for the services',
    file: 'apps/server/src/features/waitlist/service.ts',
    find: '    const time = starts.includes(input.time)',
    replace: '    const time = starts.length >= 0',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-visitor-cap-off',
    protection: 'at most 3 waiting entries per visitor and professional',
    file: 'apps/server/src/features/waitlist/public.ts',
    find: '>= WAITING_PER_VISITOR) {',
    replace: '>= WAITING_PER_VISITOR * 100) {',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-erasure-keeps-entries',
    protection: "a client's erasure (LGPD) deletes their places on the waiting list",
    file: 'apps/server/src/features/privacy/service.ts',
    find: '    await deleteWaitlistOfContact({ db: tx }, profileId, client);',
    replace: '    void deleteWaitlistOfContact;',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-page-unknown-link-200',
    protection:
      'an unknown waiting-list link answers its page as a 404 (plugins/shared-link-pages)',
    file: 'apps/server/src/plugins/shared-link-pages.ts',
    find: 'return sendPage(request, reply.status(isKnown ? 200 : 404), plain);',
    replace: 'return sendPage(request, reply.status(200), plain);',
    test: { kind: 'server', file: 'apps/server/test/attacks/unknown-pages.test.ts' },
  },
  {
    name: 'waitlist-offer-by-hand-any-day',
    protection: 'an offer by hand only on a day and in a period or range the person asked for',
    file: 'apps/server/src/features/waitlist/service.ts',
    find: 'if (!isWished(entry, input)) throw',
    replace: 'if (!isWished(entry, input) && Math.random() < 0) throw',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-same-time-twice',
    protection:
      'a time once offered to a person (declined, expired) is never offered to them again',
    file: 'apps/server/src/features/waitlist/offers.ts',
    find: '        !offered.some(\n          (o) =>\n            o.entryId === entry.id',
    replace:
      '        !offered.some(\n          (o) =>\n            Math.random() < 0 &&\n            o.entryId === entry.id',
    test: MAIN,
  },
  {
    name: 'waitlist-accept-offer-not-closed',
    protection: 'accepting books only an offer still open when its transaction closes it',
    file: 'apps/server/src/features/waitlist/public.ts',
    find: "        if (!(await repo.closeOffer(tx, entry.professionalId, offer.id, 'accepted', now))) {",
    replace:
      "        await repo.closeOffer(tx, entry.professionalId, offer.id, 'accepted', now);\n        if (Math.random() < 0) {",
    test: RACES,
  },
  {
    name: 'waitlist-join-beyond-horizon',
    protection: "a join's days lie within the booking horizon",
    file: 'apps/server/src/features/waitlist/public.ts',
    find: 'if (dates[0]! < today || dates.at(-1)! > last) {',
    replace: 'if (dates[0]! < today || (dates.at(-1)! > last && Math.random() < 0)) {',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-join-same-contact-twice',
    protection: 'one contact waits once for the same days',
    file: 'apps/server/src/features/waitlist/public.ts',
    find: 'and(contact, repo.wantsAny(dates)))) > 0) {',
    replace: 'and(contact, repo.wantsAny(dates)))) > 0 && Math.random() < 0) {',
    test: PROFESSIONAL,
  },
  {
    name: 'waitlist-join-when-off',
    protection: 'a list switched off takes no join',
    file: 'apps/server/src/features/waitlist/public.ts',
    find: 'if (!settings.enabled) throw new AppError',
    replace: 'if (!settings.enabled && Math.random() < 0) throw new AppError',
    test: MAIN,
  },
  {
    name: 'waitlist-entries-never-expire',
    protection: 'an entry expires after its last wanted day',
    file: 'apps/server/src/features/waitlist/offers.ts',
    find: '    await repo.expireEntriesBefore(tx, professionalId, scene.today);',
    replace: '    void repo.expireEntriesBefore;',
    test: MAIN,
  },
  {
    name: 'waitlist-line-cap-off',
    protection: "at most 200 people wait in one professional's line",
    file: 'apps/server/src/features/waitlist/public.ts',
    find: '>= WAITING_PER_PROFESSIONAL) {',
    replace: '>= WAITING_PER_PROFESSIONAL * 100) {',
    test: PROFESSIONAL,
  },
];
