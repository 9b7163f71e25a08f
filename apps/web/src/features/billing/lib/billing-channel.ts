import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { meQueryKey } from '@/features/auth/api/get-me';
import { billingQueryKey } from '../api/get-billing';

const CHANNEL = 'agendaki-billing';

/** Tells the app's other tabs (the Assinaturas page) that the subscription changed. */
export function announceBillingChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/**
 * Payments happen in another tab (the provider's page or the demonstration). The subscription
 * is read again when that tab announces a change, and whenever this tab becomes visible.
 */
export function useRefreshBillingOnReturn(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: billingQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const channel =
      typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', refresh);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      channel?.close();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
}
