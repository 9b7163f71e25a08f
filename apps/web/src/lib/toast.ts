import { showToast, type Toast } from './lazy-toast';

/*
 * sonner's `toast`, with its code downloaded at the first toast instead of with the app: the
 * signed-in Agenda's first visit stays within its budget (issue 48). The Toaster mounts at the
 * same moment (app/providers.tsx) and shows the toasts asked for while it arrived.
 */
export const toast = {
  success: (...args: Parameters<Toast['success']>) => showToast((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => showToast((t) => t.error(...args)),
  info: (...args: Parameters<Toast['info']>) => showToast((t) => t.info(...args)),
  warning: (...args: Parameters<Toast['warning']>) => showToast((t) => t.warning(...args)),
  dismiss: (...args: Parameters<Toast['dismiss']>) => showToast((t) => t.dismiss(...args)),
};
