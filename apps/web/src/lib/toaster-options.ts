import type { ToasterProps } from 'sonner';

/** How every page shows its toasts: the app's Toaster and the public booking page's. */
export const TOASTER_PROPS = {
  position: 'top-right',
  richColors: true,
  closeButton: true,
  theme: 'light',
  containerAriaLabel: 'Notificações',
  toastOptions: { closeButtonAriaLabel: 'Fechar notificação' },
} satisfies ToasterProps;
