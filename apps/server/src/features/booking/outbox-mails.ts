import type { bookingInputSchema, BookingResponse, DepositCharge } from '@agendaki/shared';
import type { z } from 'zod';
import type { JobToSend } from '../../db/queue';
import { isDemoProfessional } from '../../lib/demo';
import { buildIcs } from '../../lib/ics';
import { deadlineText } from '../deposits/service';
import { addToOutbox, type MailDeps } from '../mail/service';
import type { BookableProfessional } from '../public-profile/service';
import { renderClientConfirmation, renderProfessionalNotice, type BookingMailData } from './mails';

/**
 * A new booking's two mails (to the client, with the .ics and the manage link; to the
 * professional) written to the outbox; their delivery jobs are returned for the booking to send
 * with its reminder's (features/booking/service.ts).
 */
export async function queueMails(
  mail: MailDeps,
  publicUrl: string,
  booking: {
    professional: BookableProfessional;
    input: z.output<typeof bookingInputSchema>;
    response: BookingResponse;
    now: Date;
    manageUrl: string;
    clientId: string;
    deposit: DepositCharge | null;
  },
): Promise<JobToSend[]> {
  const { professional, input, response, now, manageUrl, clientId, deposit } = booking;
  const ics = buildIcs({
    timeZone: professional.timezone,
    now,
    events: response.appointments.map((appointment) => ({
      uid: `${appointment.id}@agendaki`,
      date: response.date,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
      summary: `${appointment.serviceName} - ${professional.businessName}`,
      description: `Profissional: ${professional.professionalName}\nRemarcar ou cancelar: ${manageUrl}`,
      location: professional.address,
    })),
  });
  const data: BookingMailData = {
    businessName: professional.businessName,
    professionalName: professional.professionalName,
    professionalEmail: professional.email,
    professionalPhone: professional.phone,
    clientName: input.clientName,
    clientEmail: input.clientEmail,
    clientPhone: input.clientPhone,
    notes: input.notes,
    date: response.date,
    appointments: response.appointments,
    totalPriceCents: response.totalPriceCents,
    agendaLink: `${publicUrl}/dashboard/appointments`,
    privacyLink: `${publicUrl}/privacidade`,
    manageUrl,
    address: professional.address,
    ics,
    deposit: deposit
      ? {
          amountCents: deposit.amountCents,
          brCode: deposit.brCode,
          qrSvg: deposit.qrSvg,
          deadlineText: deadlineText(new Date(deposit.deadline), professional.timezone),
        }
      : null,
  };
  // Nobody reads the demo professional's mailbox (features/demo).
  // Phone-first clients may give no e-mail: the success screen has the .ics and the link.
  const toClient = input.clientEmail ? [renderClientConfirmation(data, input.clientEmail)] : [];
  const mails = isDemoProfessional(professional.userId)
    ? toClient
    : [...toClient, renderProfessionalNotice(data)];
  return addToOutbox(mail, mails, now, { professionalId: professional.id, clientId });
}
