// Mutations of issue 50 (clients who come back): each removes one protection its test must notice.
const RETURN = { kind: 'server', file: 'apps/server/test/comeback-return.test.ts' };
const ANAMNESIS = { kind: 'server', file: 'apps/server/test/anamnesis.test.ts' };
const AUTOMATIONS = { kind: 'server', file: 'apps/server/test/comeback-automations.test.ts' };

export default [
  {
    name: 'comeback-message-once-per-source',
    protection:
      'a message exists once per kind and source (ON CONFLICT DO NOTHING on the unique key)',
    file: 'apps/server/src/features/comeback/send.ts',
    find: "if (inserted.length === 0) return 'duplicate';",
    replace: "if (inserted.length === 0 && false) return 'duplicate';",
    test: RETURN,
  },
  {
    name: 'comeback-future-appointment-ignored',
    protection: '"hora de voltar" not sent while the client has a future appointment',
    file: 'apps/server/src/features/appointments/repo/comeback.ts',
    find: 'AND NOT ${hasFutureAppointment(query.localNow)}\n    ORDER BY a.appointment_date, a.start_time',
    replace: 'ORDER BY a.appointment_date, a.start_time',
    test: RETURN,
  },
  {
    name: 'comeback-interval-ignored',
    protection: '"hora de voltar" only after the service interval',
    file: 'apps/server/src/features/appointments/repo/comeback.ts',
    find: "AND ${due} <= ${query.now.toISOString()}::timestamptz\n      AND ${due} > ${query.now.toISOString()}::timestamptz - ${query.lookbackSeconds}::int * interval '1 second'\n      AND NOT EXISTS",
    replace: 'AND NOT EXISTS',
    test: RETURN,
  },
  {
    name: 'comeback-opt-out-ignored',
    protection: 'never a message to a client who opted out',
    file: 'apps/server/src/features/comeback/send.ts',
    find: "if (optedOut.size > 0) return 'opted-out';",
    replace: "if (optedOut.size > 0 && false) return 'opted-out';",
    test: RETURN,
  },
  {
    name: 'comeback-night-sending',
    protection: 'messages only at a decent hour in the professional zone',
    file: 'apps/server/src/features/comeback/tick.ts',
    find: 'if (!options.anyHour && !isDecentHour(now, profile.timezone)) return 0;',
    replace: 'if (!options.anyHour && !isDecentHour && false) return 0;',
    test: RETURN,
  },
  {
    name: 'comeback-unsubscribe-mac-unchecked',
    protection: 'an unsubscribe token the server did not write is a 404',
    file: 'apps/server/src/features/comeback/unsubscribe.ts',
    find: 'if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;',
    replace: 'void timingSafeEqual;',
    test: RETURN,
  },
  {
    name: 'comeback-foreign-service-interval',
    protection: "an interval for another account's service is refused",
    file: 'apps/server/src/features/comeback/service.ts',
    find: "throw new AppError('BAD_REQUEST', SERVICE_NOT_FOUND);",
    replace: 'void SERVICE_NOT_FOUND;',
    test: AUTOMATIONS,
  },
  {
    name: 'comeback-erasure-keeps-messages',
    protection: "a client's erasure removes her messages and consent choices",
    file: 'apps/server/src/features/privacy/service.ts',
    find: 'await deleteComebackDataOfClient(tx, profileId, client.id);',
    replace: 'void deleteComebackDataOfClient;',
    test: AUTOMATIONS,
  },
  {
    name: 'anamnesis-answers-in-clear',
    protection: 'anamnesis answers sealed at rest (secret box)',
    file: 'apps/server/src/features/anamnesis/service.ts',
    find: 'sealedAnswers: deps.box.seal(\n      JSON.stringify(checked.answers),\n      contextOf(booking.professionalId, id),\n    ),',
    replace: 'sealedAnswers: JSON.stringify(checked.answers),',
    test: ANAMNESIS,
  },
  {
    name: 'anamnesis-without-consent',
    protection: 'no answer is kept without the explicit consent',
    file: 'apps/server/src/features/anamnesis/service.ts',
    find: "if (input.consent !== true) throw new AppError('BAD_REQUEST', CONSENT_REQUIRED_MESSAGE);",
    replace: 'void CONSENT_REQUIRED_MESSAGE;',
    also: [
      {
        file: 'packages/shared/src/anamnesis-schemas.ts',
        find: 'consent: z.literal(true, { error: CONSENT_REQUIRED_MESSAGE }),',
        replace: 'consent: z.boolean(),',
      },
    ],
    test: ANAMNESIS,
  },
  {
    name: 'anamnesis-erasure-keeps-answers',
    protection: "a client's erasure removes her anamnesis answers",
    file: 'apps/server/src/features/privacy/service.ts',
    find: 'await deleteAnswersOfClient(tx, profileId, client.id);',
    replace: 'void deleteAnswersOfClient;',
    test: ANAMNESIS,
  },
];
