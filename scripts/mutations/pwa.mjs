// Mutations of the Web Push protections (issue 48), each with the test that must notice.
const test = { kind: 'server', file: 'apps/server/test/push.test.ts' };

export default [
  {
    name: 'push-endpoint-allowlist',
    protection: 'only the browsers’ push services (and configured stand-ins) are posted to (SSRF)',
    file: 'apps/server/src/features/push/service.ts',
    find: 'if (!isAllowedPushEndpoint(input.endpoint, deps.extraOrigins)) {',
    replace: 'if (!isAllowedPushEndpoint(input.endpoint, deps.extraOrigins) && false) {',
    test,
  },
  {
    name: 'push-kind-off',
    protection: 'a device that turned a kind off is not told of it',
    file: 'apps/server/src/features/push/repo.ts',
    find: 'sql`not (${kind} = any(${pushSubscriptions.disabledKinds}))`,',
    replace: 'undefined,',
    test,
  },
  {
    name: 'push-retry-skips-reached',
    protection: 'a retry of a push job skips the devices already reached (each told once)',
    file: 'apps/server/src/features/push/job.ts',
    find: 'if (reached.has(target.id)) continue;',
    replace: '',
    test,
  },
  {
    name: 'push-gone-removed',
    protection: 'a subscription the push service answers 404/410 for is removed',
    file: 'apps/server/src/features/push/job.ts',
    find: "if (outcome === 'gone') await repo.deleteDevice(db, professionalId, target.id);",
    replace: "if (outcome === 'gone') void 0;",
    test,
  },
  {
    name: 'push-device-ownership',
    protection: 'a device is changed, tested or removed only by its professional',
    file: 'apps/server/src/features/push/repo.ts',
    find: 'and(eq(pushSubscriptions.professionalId, professionalId), eq(pushSubscriptions.id, id));',
    replace: 'and(eq(pushSubscriptions.id, id));',
    test,
  },
];
