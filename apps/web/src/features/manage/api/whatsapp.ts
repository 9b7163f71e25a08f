import type { TomorrowReminders, WhatsappReminder } from '@agendaki/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const TOMORROW_REMINDERS_QUERY_KEY = ['whatsapp-reminders', 'tomorrow'] as const;

export function getWhatsappReminder(appointmentId: string): Promise<WhatsappReminder> {
  return apiClient.get<WhatsappReminder>(
    `/api/appointments/${encodeURIComponent(appointmentId)}/whatsapp`,
  );
}

export function markWhatsappSent(appointmentId: string, sent: boolean): Promise<WhatsappReminder> {
  return apiClient.put<WhatsappReminder>(
    `/api/appointments/${encodeURIComponent(appointmentId)}/whatsapp-sent`,
    { sent },
  );
}

/**
 * "Lembrar pelo WhatsApp": the server writes the whole wa.me address (number normalized, the
 * template filled with the manage link); the tap marks the reminder sent and opens WhatsApp.
 */
export function useSendWhatsappReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (appointmentId: string) => {
      const reminder = await getWhatsappReminder(appointmentId);
      if (!reminder.url) return reminder;
      await markWhatsappSent(appointmentId, true);
      return reminder;
    },
    onSuccess: (reminder) => {
      void queryClient.invalidateQueries({ queryKey: TOMORROW_REMINDERS_QUERY_KEY });
      if (reminder.url) window.location.assign(reminder.url);
    },
  });
}

export function useTomorrowReminders() {
  return useQuery({
    queryKey: TOMORROW_REMINDERS_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiClient.get<TomorrowReminders>('/api/dashboard/whatsapp-reminders', { signal }),
  });
}

export function useMarkWhatsappSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, sent }: { appointmentId: string; sent: boolean }) =>
      markWhatsappSent(appointmentId, sent),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TOMORROW_REMINDERS_QUERY_KEY });
    },
  });
}
