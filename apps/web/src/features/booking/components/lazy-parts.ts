import { lazy } from 'react';

/*
 * The heavy parts of the page, downloaded only when the visitor is on the way to them: the
 * calendar (react-day-picker, date-fns) and the confirmation (Radix Dialog, react-hook-form,
 * zod). The first paint needs neither; choosing a service starts both downloads.
 */

export const loadBookingCalendar = () => import('./booking-calendar');
export const loadBookingConfirmation = () => import('./booking-confirmation');

export const BookingCalendar = lazy(async () => ({
  default: (await loadBookingCalendar()).BookingCalendar,
}));
export const BookingConfirmation = lazy(async () => ({
  default: (await loadBookingConfirmation()).BookingConfirmation,
}));

/** Starts both downloads; a failure here is retried when the part is actually rendered. */
export function prefetchBookingParts(): void {
  void loadBookingCalendar().catch(() => undefined);
  void loadBookingConfirmation().catch(() => undefined);
}

/** "Entrar na lista de espera" (features/waitlist): only when the visitor asks for it. */
export const WaitlistDialog = lazy(async () => ({
  default: (await import('./waitlist-dialog')).WaitlistDialog,
}));
