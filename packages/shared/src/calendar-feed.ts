import { z } from 'zod';

/**
 * Configurações > Calendário (docs/decisions/014-calendar-and-numbers.md): the secret calendar
 * subscription address. Only its hash is kept, so the address is shown once, when it is made.
 */
export const calendarFeedStatusSchema = z.object({
  isActive: z.boolean(),
  /** When the current address was made (ISO instant); null without one. */
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

export const calendarFeedCreatedSchema = z.object({
  /** `webcal://…/ics/<token>.ics`: Google Agenda, the iPhone and Outlook subscribe to it. */
  webcalUrl: z.string(),
  /** The same address over https, for apps that ask for a plain link. */
  httpsUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** Days of past and future appointments the feed carries. */
export const CALENDAR_FEED_DAYS_BEFORE = 30;
export const CALENDAR_FEED_DAYS_AFTER = 180;

/** POST /api/auth/change-password: the calendar feed's new address when it was in use. */
export const changePasswordResponseSchema = z.object({
  message: z.string(),
  calendarFeed: calendarFeedCreatedSchema.nullable(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
