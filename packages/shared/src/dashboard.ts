import { z } from 'zod';
import { APPOINTMENT_STATUSES } from './appointment-status';

/** `GET /api/dashboard/summary`: every figure computed in the professional's time zone. */
export const upcomingAppointmentSchema = z.object({
  id: z.string(),
  appointmentDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  clientName: z.string(),
  /** For "Lembrar pelo WhatsApp" (docs/decisions/013-after-the-booking.md). */
  clientPhone: z.string().nullable().optional(),
  serviceName: z.string(),
  totalPriceCents: z.number().int(),
});
export type UpcomingAppointment = z.infer<typeof upcomingAppointmentSchema>;

export const dashboardSummarySchema = z.object({
  todayCount: z.number().int(),
  yesterdayCount: z.number().int(),
  monthRevenueCents: z.number().int(),
  previousMonthRevenueCents: z.number().int(),
  monthAppointments: z.number().int(),
  previousMonthAppointments: z.number().int(),
  /** Appointments of the month marked "Não compareceu" (counted nowhere else). */
  monthNoShows: z.number().int(),
  clientsTotal: z.number().int(),
  newClientsThisMonth: z.number().int(),
  upcoming: z.array(upcomingAppointmentSchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
