import type { BookingCodeSent, BookingInput, BookingResponse } from '@agendaki/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '@/lib/api-client';
import { createPowSolver, type PowSolver } from '../lib/pow-solver';
import { getSlotsQueryKey } from './get-slots';

/** 201: booked; 202: the professional asks for the code e-mailed to the client first. */
export type CreateBookingAnswer = BookingResponse | BookingCodeSent;

export function createBooking(input: BookingInput): Promise<CreateBookingAnswer> {
  return apiClient.post<CreateBookingAnswer>('/api/public/bookings', input);
}

export function isCodeSent(answer: CreateBookingAnswer): answer is BookingCodeSent {
  return 'status' in answer && answer.status === 'code_sent';
}

/**
 * Whatever the answer, the offered times may have changed: refresh them. The proof of work is
 * solved from the moment this is mounted (a service chosen), and attached here.
 */
export function useCreateBooking(professionalId: string) {
  const queryClient = useQueryClient();
  // One solver per mounted form: its next solution and the attempts' ones live with it.
  const [solver] = useState<PowSolver>(createPowSolver);
  return {
    prepare: solver.prepare,
    ...useMutation({
      mutationFn: async (input: Omit<BookingInput, 'pow'>) =>
        createBooking({ ...input, pow: await solver.forAttempt(input.idempotencyKey) }),
      // Not awaited: the toast and the dialog do not wait for the new list.
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: getSlotsQueryKey(professionalId) });
      },
    }),
  };
}
