/**
 * The signed-in app's service worker (/sw.js, built by vite-plugin-pwa: apps/web/vite.config.ts).
 * Its scope is /dashboard, and only the dashboard registers it: the landing, the booking page
 * and the manage page never download it nor go through it (issue 48).
 */
export const SW_URL = '/sw.js';
export const SW_SCOPE = '/dashboard';

let waiting: ServiceWorker | null = null;
let isApplying = false;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** Whether a new version is installed and waits for "Atualizar". */
export function isUpdateWaiting(): boolean {
  return waiting !== null;
}

export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * "Atualizar": the waiting version takes over and the page reloads once it controls it, so the
 * page never runs old code with new files or the other way round.
 */
export function applyUpdate(): void {
  if (!waiting) return;
  isApplying = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

let isStarted = false;

export function registerAppServiceWorker(reload = () => window.location.reload()): void {
  if (isStarted || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  isStarted = true;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (isApplying) reload();
  });
  const register = async () => {
    const registration = await navigator.serviceWorker.register(SW_URL, {
      scope: SW_SCOPE,
      updateViaCache: 'none',
    });
    const track = (worker: ServiceWorker) =>
      worker.addEventListener('statechange', () => {
        // Installed while another version controls the page: an update, not the first install.
        if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
      });
    if (registration.waiting && navigator.serviceWorker.controller)
      setWaiting(registration.waiting);
    registration.addEventListener('updatefound', () => {
      if (registration.installing) track(registration.installing);
    });
    // Back to the app after a while (a phone's usual day): look for a new version.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
    });
  };
  // After the page's own downloads: the precache must not compete with the first paint.
  const start = () => setTimeout(() => void register().catch(() => undefined), 1000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
