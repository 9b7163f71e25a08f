import type * as Sonner from 'sonner';

/*
 * Toasts for code whose first download must stay small (the public booking page, book.html):
 * sonner's code is fetched on demand instead of with the page. Its Toaster also shows the
 * toasts made before it mounted, so nothing is lost while the code arrives.
 */

export type Toast = typeof Sonner.toast;

let sonner: Promise<typeof Sonner> | undefined;
let loaded: typeof Sonner | undefined;
let isRequested = false;
const listeners = new Set<() => void>();

/** For `useSyncExternalStore`: whether a toast was asked for yet (app/providers.tsx). */
export function subscribeSonnerRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const isSonnerRequested = (): boolean => isRequested;
/** sonner if already downloaded: a Toaster can then mount without suspending. */
export const getLoadedSonner = (): typeof Sonner | undefined => loaded;

/** sonner, downloaded once; after a failed download (no connection) the next call retries. */
export function loadSonner(): Promise<typeof Sonner> {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner').then(
    (module) => (loaded = module),
    (error: unknown) => {
      sonner = undefined;
      throw error;
    },
  );
  return sonner;
}

/** `showToast((toast) => toast.success('Link copiado!'))`: sonner's `toast`, once loaded. */
export function showToast(show: (toast: Toast) => unknown): void {
  // Loaded: at once, as a direct call to sonner would.
  if (loaded) {
    show(loaded.toast);
    return;
  }
  // Without sonner there is no way to show the message: the page itself keeps working.
  loadSonner().then(
    ({ toast }) => show(toast),
    () => undefined,
  );
}
