import type {
  Closing,
  ClosingDraft,
  ClosingInput,
  ClosingSummary,
  PaymentMethod,
} from '@agendaki/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { createIdBatcher } from '@/lib/batch-by-id';
import { APPOINTMENTS_QUERY_KEY } from '@/features/appointments/api/get-appointments';
import { DASHBOARD_QUERY_KEY } from '@/features/dashboard/api/get-dashboard-summary';

/** Every query of what was paid starts with this key: a payment refreshes them all. */
export const MONEY_QUERY_KEY = ['money'] as const;
export const CLOSINGS_QUERY_KEY = [...MONEY_QUERY_KEY, 'closings'] as const;

const enc = encodeURIComponent;

export function closingDraftQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: [...CLOSINGS_QUERY_KEY, 'draft', appointmentId],
    queryFn: ({ signal }) =>
      apiClient.get<ClosingDraft>(`/api/appointments/${enc(appointmentId)}/closing`, { signal }),
  });
}

export function useClosingDraft(appointmentId: string, enabled: boolean) {
  return useQuery({ ...closingDraftQueryOptions(appointmentId), enabled });
}

// The Agenda's cards each ask for their appointment's closing; the asks of one render go out as
// one request (`/api/closings/summary?ids=…`).
const loadSummary = createIdBatcher(
  (ids) => apiClient.get<ClosingSummary[]>(`/api/closings/summary?ids=${ids.join(',')}`),
  (row) => row.appointmentId,
);

export function useClosingSummary(appointmentId: string) {
  return useQuery({
    queryKey: [...CLOSINGS_QUERY_KEY, 'summary', appointmentId],
    queryFn: () => loadSummary(appointmentId),
  });
}

/** After any payment: the closings, the cash, the client's balance, the Agenda and the home. */
function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MONEY_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
    ]);
}

export function useCloseAppointment() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ appointmentId, input }: { appointmentId: string; input: ClosingInput }) =>
      apiClient.post<Closing>(`/api/appointments/${enc(appointmentId)}/closing`, input),
    onSuccess: invalidate,
  });
}

export function useReopenClosing() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ closingId, reason }: { closingId: string; reason: string }) =>
      apiClient.post<Closing>(`/api/closings/${enc(closingId)}/reopen`, { reason }),
    onSuccess: invalidate,
  });
}

export function useSettleClosing() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: {
      closingId: string;
      method: Extract<PaymentMethod, 'pix' | 'cash' | 'debit' | 'credit'>;
      amountCents: number;
    }) =>
      apiClient.post<Closing>(`/api/closings/${enc(input.closingId)}/payments`, {
        method: input.method,
        amountCents: input.amountCents,
      }),
    onSuccess: invalidate,
  });
}

export function useReceiptLink(closingId: string | undefined) {
  return useQuery({
    queryKey: [...CLOSINGS_QUERY_KEY, 'receipt', closingId],
    queryFn: ({ signal }) =>
      apiClient.get<{ whatsappUrl: string | null; reason: string | null; text: string }>(
        `/api/closings/${enc(closingId!)}/receipt`,
        { signal },
      ),
    enabled: Boolean(closingId),
  });
}

export function useMailReceipt() {
  return useMutation({
    mutationFn: (closingId: string) =>
      apiClient.post<{ to: string }>(`/api/closings/${enc(closingId)}/receipt/email`),
  });
}
