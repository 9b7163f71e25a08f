import {
  bookingContactSchemaFor,
  type bookingContactSchema,
  formatTime,
  type BookingContact,
  type BookingResponse,
} from '@agendaki/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { useConfirmBookingCode } from '../api/confirm-booking-code';
import { isCodeSent, useCreateBooking } from '../api/create-booking';
import { resolveBookingAttempt, type BookingAttempt } from '../lib/booking-attempt';
import {
  describeBookingError,
  isCodeSpent,
  isIdempotencyKeyReused,
  isPowRefused,
  isSlotConflict,
} from '../lib/booking-errors';
import { describeBookedServices, type BookingSummary } from '../lib/booking-summary';
import { INCOMPLETE_SELECTION_ERROR } from '../lib/booking-wizard';
import { ConfirmBookingDialog } from './confirm-booking-dialog';
import type { ContactOutput } from './contact-form';

const EMPTY_CONTACT: BookingContact = {
  clientName: '',
  clientEmail: '',
  clientPhone: '',
  notes: '',
};

export interface BookingConfirmationProps {
  professionalId: string;
  professionalName: string;
  summary: BookingSummary;
  date: string | null;
  /** The slot picked; the dialog is open while it is set. */
  time: string | null;
  onBooked: (booking: BookingResponse) => void;
  /** Closes the dialog: cancelled, or the time was taken meanwhile. */
  onClose: () => void;
  /** After the answer closed the dialog: the slot pressed may be gone, focus goes elsewhere. */
  onRestoreFocus: () => void;
  /** False: phone-first (the e-mail optional, a mobile required). */
  clientEmailRequired?: boolean;
  /** The booking holds only after the code e-mailed to the client (decision 028). */
  bookingEmailCode?: boolean;
}

/**
 * "Confirmar Agendamento" and the booking request. Mounted from the first service chosen, so
 * what the client typed survives closing the dialog, a 409, or going back to another date.
 */
export function BookingConfirmation({
  professionalId,
  professionalName,
  summary,
  date,
  time,
  onBooked,
  onClose,
  onRestoreFocus,
  clientEmailRequired = true,
  bookingEmailCode = false,
}: BookingConfirmationProps) {
  const booking = useCreateBooking(professionalId);
  const confirmCode = useConfirmBookingCode(professionalId);
  const form = useForm<BookingContact, unknown, ContactOutput>({
    // Phone-first answers a null e-mail, which the booking request accepts (the server decides);
    // the e-mailed code needs an e-mail whatever the professional's choice.
    resolver: zodResolver(
      bookingContactSchemaFor(
        clientEmailRequired || bookingEmailCode,
      ) as typeof bookingContactSchema,
    ),
    defaultValues: EMPTY_CONTACT,
  });
  const attemptRef = useRef<BookingAttempt | null>(null);
  const closedByAnswerRef = useRef(false);
  // The code's step: where it went and the request it confirms.
  const [codeSent, setCodeSent] = useState<{ email: string; verificationId: string } | null>(null);
  // Solved while the visitor picks a time and types (mounted from the first service chosen).
  const { prepare } = booking;
  useEffect(() => prepare(), [prepare]);

  function booked(result: BookingResponse, serviceCount: number) {
    attemptRef.current = null;
    closedByAnswerRef.current = true;
    setCodeSent(null);
    // A wrong code's error is answered now: it must not stay over the success.
    toast.dismiss();
    // With a Pix sinal the time is only held until it is paid (docs/decisions/017).
    toast.success(result.deposit ? 'Horário reservado!' : 'Agendamento confirmado!', {
      description: describeBookedServices(
        result.appointments.length || serviceCount,
        result.date,
        formatTime(result.time),
      ),
    });
    form.reset(EMPTY_CONTACT);
    onBooked(result);
  }

  function failed(error: unknown) {
    toast.error('Erro', { description: describeBookingError(error) });
    // A new press must be a new attempt: a new key, a new proof of work, a new code.
    if (isIdempotencyKeyReused(error) || isPowRefused(error) || isCodeSpent(error)) {
      attemptRef.current = null;
      setCodeSent(null);
    }
    // Taken meanwhile: back to the refreshed times (the mutation refetches them).
    if (isSlotConflict(error)) {
      attemptRef.current = null;
      setCodeSent(null);
      closedByAnswerRef.current = true;
      onClose();
    }
  }

  function confirmWithCode(code: string) {
    if (!codeSent) return;
    confirmCode.mutate(
      { professionalId, verificationId: codeSent.verificationId, code },
      {
        onSuccess: (result) => booked(result, summary.count),
        onError: failed,
      },
    );
  }

  function confirm(contact: ContactOutput) {
    const serviceIds = summary.services.map((service) => service.id);
    if (!date || !time || serviceIds.length === 0) {
      toast.error('Erro', { description: INCOMPLETE_SELECTION_ERROR });
      return;
    }
    const request = { professionalId, serviceIds, date, time, ...contact };
    // The same request again (after a timeout, say) is the same attempt: it cannot book twice.
    const attempt = resolveBookingAttempt(attemptRef.current, request);
    attemptRef.current = attempt;
    booking.mutate(
      { ...request, idempotencyKey: attempt.key },
      {
        onSuccess: (result) => {
          if (isCodeSent(result)) {
            setCodeSent({ email: result.email, verificationId: result.verificationId });
            return;
          }
          booked(result, serviceIds.length);
        },
        onError: failed,
      },
    );
  }

  return (
    <ConfirmBookingDialog
      open={date !== null && time !== null}
      professionalName={professionalName}
      summary={summary}
      date={date}
      time={time}
      form={form}
      isPending={booking.isPending}
      onConfirm={confirm}
      phoneFirst={!clientEmailRequired}
      onCancel={onClose}
      onOpenChange={(open) => {
        if (!open) {
          setCodeSent(null);
          onClose();
        }
      }}
      codeStep={
        codeSent
          ? {
              email: codeSent.email,
              isPending: confirmCode.isPending,
              onConfirm: confirmWithCode,
              onBack: () => setCodeSent(null),
            }
          : null
      }
      onCloseAutoFocus={(event) => {
        // Cancelled: the dialog returns focus to the slot pressed. Closed by the answer: see props.
        if (!closedByAnswerRef.current) return;
        closedByAnswerRef.current = false;
        event.preventDefault();
        onRestoreFocus();
      }}
    />
  );
}
