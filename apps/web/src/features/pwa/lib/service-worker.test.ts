import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The update flow (issue 48): a new version installed while an old one controls the page waits
 * for "Atualizar"; then it takes over and the page reloads once, whole, under it. Never an
 * automatic swap under a page running the old code.
 */
class FakeWorker extends EventTarget {
  state = 'installing';
  postMessage = vi.fn();
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
}

let container: EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn> };
let registration: FakeRegistration;
const reload = vi.fn();

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  registration = new FakeRegistration();
  container = Object.assign(new EventTarget(), {
    controller: {} as object | null,
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  vi.stubEnv('DEV', false);
  reload.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

async function started() {
  const sw = await import('./service-worker');
  sw.registerAppServiceWorker(reload);
  await vi.advanceTimersByTimeAsync(1500);
  return sw;
}

describe('the service worker update flow', () => {
  it('registers /sw.js for /dashboard only, after the first paint', async () => {
    await started();
    expect(container.register).toHaveBeenCalledWith('/sw.js', {
      scope: '/dashboard',
      updateViaCache: 'none',
    });
  });

  it('a new version waits for "Atualizar", then the page reloads once under it', async () => {
    const sw = await started();
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    expect(sw.isUpdateWaiting()).toBe(false);
    next.install();
    expect(sw.isUpdateWaiting()).toBe(true);

    // Another tab's takeover, or the first install's claim: no reload behind her back.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();

    sw.applyUpdate();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the first install is no update', async () => {
    container.controller = null;
    const sw = await started();
    const first = new FakeWorker();
    registration.installing = first;
    registration.dispatchEvent(new Event('updatefound'));
    first.install();
    expect(sw.isUpdateWaiting()).toBe(false);
  });
});
