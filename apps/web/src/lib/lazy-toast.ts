import type * as Sonner from 'sonner';

/*
 * Toasts for code whose first download must stay small (the public booking page, book.html):
 * sonner's code is fetched on demand instead of with the page. Its Toaster also shows the
 * toasts made before it mounted, so nothing is lost while the code arrives.
 */

export type Toast = typeof Sonner.toast;

let sonner: Promise<typeof Sonner> | undefined;

/** sonner, downloaded once; after a failed download (no connection) the next call retries. */
export function loadSonner(): Promise<typeof Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  return sonner;
}

/** `showToast((toast) => toast.success('Link copiado!'))`: sonner's `toast`, once loaded. */
export function showToast(show: (toast: Toast) => unknown): void {
  // Without sonner there is no way to show the message: the page itself keeps working.
  loadSonner().then(
    ({ toast }) => show(toast),
    () => undefined,
  );
}
