import type { Appointment } from '@agendaki/shared';
import type { ComponentType, ReactNode } from 'react';

/**
 * Tells whether an appointment can no longer be changed, for a reason another feature owns
 * (a closing: features/money). The route passes it in; the Agenda renders its buttons, or the
 * edit form, through it. `locked` is false until it knows.
 */
export type AppointmentLock = ComponentType<{
  appointment: Appointment;
  children: (locked: boolean) => ReactNode;
}>;
