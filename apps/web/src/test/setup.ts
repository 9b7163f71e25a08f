import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait up to 5 s instead of 1 s: CI runs these next to the server suites on two
// cores, where a page's first render can take longer than a second. Nothing passes sooner or
// later because of it; a failing assertion only fails later.
configure({ asyncUtilTimeout: 5_000 });

// The app downloads sonner at the first toast (lib/toast.ts); loaded once here, that first toast
// does not wait for the module's transform while a test's fake clock runs on.
await import('sonner');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
