// Mutations of the WhatsApp protections (issue 47, docs/decisions/037-whatsapp-cloud-api.md):
// each removes one, and the named test must fail.
const server = (file) => ({ kind: 'server', file: `apps/server/test/${file}` });
const WEBHOOK = server('whatsapp-webhook.test.ts');
const SEND = server('whatsapp-send.test.ts');
const ONCE = server('whatsapp-once.test.ts');
const CHANGES = server('whatsapp-changes.test.ts');
const WAITLIST = server('whatsapp-waitlist.test.ts');
const PHONES = server('clients-phone-e164.test.ts');

export default [
  {
    name: 'whatsapp-signature-unchecked',
    protection: 'Webhook: X-Hub-Signature-256 over the raw body with the app secret, or 401',
    file: 'apps/server/src/features/whatsapp-inbox/signature.ts',
    find: 'return given.length === expected.length && timingSafeEqual(given, expected);',
    replace: 'return given.length > 0 || expected.length > 0;',
    test: WEBHOOK,
  },
  {
    name: 'whatsapp-verify-token-unchecked',
    protection: "Webhook handshake: hub.challenge only to Meta's verify token",
    file: 'apps/server/src/features/whatsapp-inbox/signature.ts',
    find: 'return a.length === b.length && timingSafeEqual(a, b);',
    replace: 'return a.length > 0 || b.length > 0;',
    test: WEBHOOK,
  },
  {
    name: 'whatsapp-answer-replayed',
    protection: 'Webhook: each answer applied once, by its message id (a replay changes nothing)',
    file: 'apps/server/src/features/whatsapp-inbox/service.ts',
    find: "if (!(await recordAnswer(deps, conversation.professionalId, message.id))) return 'duplicate';",
    replace: 'await recordAnswer(deps, conversation.professionalId, message.id);',
    test: WEBHOOK,
  },
  {
    name: 'whatsapp-button-from-any-phone',
    protection: "A button's answer counts only from the phone the message went to",
    file: 'apps/server/src/features/whatsapp/conversation.ts',
    find: 'return row?.toPhone === phone ? row : undefined;',
    replace: 'return row;',
    test: WEBHOOK,
  },
  {
    name: 'whatsapp-opt-out-ignored-when-planning',
    protection: 'PARAR: no WhatsApp message is planned for a client who opted out',
    file: 'apps/server/src/features/whatsapp/plan.ts',
    find: "if (optOut?.optedOut) return { queued: false, reason: 'opted-out' };",
    replace: "if (optOut?.optedOut && false) return { queued: false, reason: 'opted-out' };",
    test: WEBHOOK,
  },
  {
    name: 'whatsapp-opt-out-ignored-when-sending',
    protection: 'PARAR: a message queued before it is not sent (the e-mail goes)',
    file: 'apps/server/src/features/whatsapp/job.ts',
    find: 'if (!deps.api || optOut?.optedOut) {',
    replace: 'if (!deps.api) {',
    test: WEBHOOK,
  },
  {
    name: 'whatsapp-sent-row-sent-again',
    protection: 'Exactly once: a message job that runs again sends only a row still queued',
    file: 'apps/server/src/features/whatsapp/job.ts',
    find: "if (!row || row.status !== 'queued') return 'skipped';",
    replace: "if (!row) return 'skipped';",
    test: ONCE,
  },
  {
    name: 'whatsapp-no-fallback-mail',
    protection: 'A failed WhatsApp reminder falls back to the e-mail',
    file: 'apps/server/src/features/whatsapp/job.ts',
    find: 'if (failed?.fallbackMail) {',
    replace: 'if (failed?.fallbackMail && Math.random() < 0) {',
    test: SEND,
  },
  {
    name: 'whatsapp-status-backwards',
    protection: 'Message states only move forward (lida is not undone by a late entregue)',
    file: 'apps/server/src/features/whatsapp/repo.ts',
    find: "delivered: ['queued', 'sent'],",
    replace: "delivered: ['queued', 'sent', 'read'],",
    test: SEND,
  },
  {
    name: 'whatsapp-monthly-cap-off',
    protection: "The operator's monthly cap of messages per professional",
    file: 'apps/server/src/features/whatsapp/plan.ts',
    find: "if (sent >= config.monthlyCap) return { queued: false, reason: 'cap' };",
    replace: "if (sent >= config.monthlyCap && false) return { queued: false, reason: 'cap' };",
    test: server('whatsapp-cap.test.ts'),
  },
  {
    name: 'whatsapp-professional-change-silent',
    protection: "The professional's move or cancellation in the Agenda is told to the client",
    file: 'apps/server/src/features/appointments/service.ts',
    find: 'await onChange?.(tx, { professionalId: profileId, bookingId, before });',
    replace: 'void onChange;',
    test: CHANGES,
  },
  {
    name: 'whatsapp-professional-change-past',
    protection: 'A past appointment changed in the Agenda tells the client nothing',
    file: 'apps/server/src/features/manage/change-notice.ts',
    find: 'if (!told || !deps.changeChannel || start <= now) return false;',
    replace: 'if (!told || !deps.changeChannel || start > now) return false;',
    test: CHANGES,
  },
  {
    name: 'whatsapp-professional-change-no-mail-instead',
    protection: "The professional's change reaches a client who sent PARAR by e-mail",
    file: 'apps/server/src/features/manage/change-notice.ts',
    find: "if (sent === 'undeliverable' && mail)",
    replace: "if (sent === 'queued' && mail)",
    test: CHANGES,
  },
  {
    name: 'whatsapp-professional-change-no-fallback',
    protection: "The professional's change falls back to the e-mail when WhatsApp fails",
    file: 'apps/server/src/features/whatsapp/bookings.ts',
    find: 'fallbackMail: change.fallbackMail,',
    replace: 'fallbackMail: null,',
    test: CHANGES,
  },
  {
    name: 'whatsapp-waitlist-switch-ignored',
    protection: "The waiting list's WhatsApp offer goes only with its switch on",
    file: 'apps/server/src/features/whatsapp/plan.ts',
    find: "waitlist_offer: 'sendWaitlist',",
    replace: "waitlist_offer: 'sendConfirmations',",
    test: WAITLIST,
  },
  {
    name: 'whatsapp-inbound-kept-forever',
    protection: 'Applied WhatsApp answers are purged after their retention',
    file: 'apps/server/src/features/maintenance/repo.ts',
    find: 'const isOld = lt(whatsappInbound.receivedAt, before);',
    replace: 'const isOld = lt(whatsappInbound.receivedAt, new Date(0));',
    test: { kind: 'server', file: 'apps/server/src/features/maintenance/maintenance.test.ts' },
  },
  {
    name: 'client-phone-not-e164',
    protection: "A client's phone is stored in E.164 from the dashboard form",
    file: 'apps/server/src/features/clients/service.ts',
    find: 'const values = { ...input, phone: toStoredPhone(input.phone) };',
    replace: 'const values = input;',
    test: PHONES,
  },
  {
    name: 'client-phone-migration-trunk-kept',
    protection:
      'The migration reads a stored phone typed with the trunk 0 as libphonenumber-js does',
    file: 'apps/server/drizzle/0034_whatsapp_phones_e164.sql',
    find: "WHEN length(d) IN (11, 12) AND d LIKE '0%' THEN substr(d, 2)",
    replace: "WHEN length(d) IN (11, 12) AND d LIKE '0%' THEN d",
    test: PHONES,
  },
];
