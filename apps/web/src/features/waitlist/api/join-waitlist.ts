import type { WaitlistJoinInput, WaitlistJoinResponse } from '@agendaki/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createPowSolver, type PowSolver } from '@/features/booking/lib/pow-solver';
import { apiClient } from '@/lib/api-client';

export function joinWaitlist(input: WaitlistJoinInput): Promise<WaitlistJoinResponse> {
  return apiClient.post<WaitlistJoinResponse>('/api/public/waitlist', input);
}

/** The join, with the booking's proof of work solved from the moment the form opens. */
export function useJoinWaitlist() {
  const [solver] = useState<PowSolver>(createPowSolver);
  return {
    prepare: solver.prepare,
    ...useMutation({
      mutationFn: async (input: Omit<WaitlistJoinInput, 'pow'>) =>
        joinWaitlist({ ...input, pow: await solver.forAttempt(input.requestKey) }),
    }),
  };
}
