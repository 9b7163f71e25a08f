import { defineConfig } from 'vitest/config';

/**
 * Fault tests (npm run test:faults): real server processes, a database dropped under load,
 * SIGKILL, SMTP down, two instances on one PostgreSQL. Not in the default server project:
 * their files end in `.fault.ts`, so `test/**\/*.test.ts` never picks them up. One file at a
 * time: they load the machine's two cores on purpose.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['test/faults/**/*.fault.ts'],
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 120_000,
  },
});
