import type { PushKind } from '@agendaki/shared';

/** Something that happened to a booking, told to the professional's devices by Web Push. */
export interface PushEvent {
  professionalId: string;
  kind: PushKind;
  bookingId: string;
}

/** The push queue's job: one event, or a test for one device. */
export interface PushJobData {
  professionalId: string;
  kind: PushKind | 'test';
  bookingId?: string;
  /** A test's device. */
  subscriptionId?: string;
  /** When it happened (ISO): with the job id, what the devices reached are recorded under. */
  at: string;
}
