import { unsubscribeThisDevice } from './push-subscription';

/** The service worker's copy of the API's answers (runtimeCaching in apps/web/vite.config.ts). */
export const API_CACHE_NAME = 'agendaki-api';

/**
 * Signing out on this device: its notifications stop (the push service then answers 410 and the
 * server drops the device) and the offline copy of the agenda goes, so whoever signs in next
 * never sees it.
 */
export async function forgetThisDevice(): Promise<void> {
  await Promise.allSettled([
    unsubscribeThisDevice(),
    typeof caches === 'undefined' ? undefined : caches.delete(API_CACHE_NAME),
  ]);
  try {
    localStorage.removeItem(AGENDA_SAVED_AT_KEY);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/** When the agenda shown offline was last read from the server (offline-banner.tsx). */
export const AGENDA_SAVED_AT_KEY = 'agendaki:agenda-saved-at';
