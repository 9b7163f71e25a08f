import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { readSavedAt, saveAgendaForOffline } from '../lib/offline-agenda';
import {
  applyUpdate,
  isUpdateWaiting,
  registerAppServiceWorker,
  subscribeToUpdate,
} from '../lib/service-worker';

function subscribeToNetwork(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "14:05" today, "28/11, 14:05" another day (the phone's clock). */
export function formatSavedAt(savedAt: number, now: Date): string {
  const at = new Date(savedAt);
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === now.toDateString()
    ? time
    : `${pad(at.getDate())}/${pad(at.getMonth() + 1)}, ${time}`;
}

const PING_MS = 30_000;

/**
 * Whether the server answers: the browser may say "online" on a network without internet. The
 * worker never answers /api/health from its copy (pwa.config.ts), so a failure means offline.
 */
function useServerReachable(hasNetwork: boolean): boolean {
  const [isReachable, setIsReachable] = useState(true);
  useEffect(() => {
    let isLive = true;
    const ping = () =>
      fetch('/api/health', { cache: 'no-store' })
        .then((response) => isLive && setIsReachable(response.status < 500))
        .catch(() => isLive && setIsReachable(false));
    void ping();
    const timer = setInterval(() => void ping(), PING_MS);
    return () => {
      isLive = false;
      clearInterval(timer);
    };
  }, [hasNetwork]);
  return isReachable;
}

/**
 * The installed app's frame (issue 48): the service worker registered after the first paint,
 * the next days' agenda kept for offline use, and the two banners: no network, new version.
 */
export function AppStatus({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const hasNetwork = useSyncExternalStore(
    subscribeToNetwork,
    () => navigator.onLine,
    () => true,
  );
  const isReachable = useServerReachable(hasNetwork);
  const isOnline = hasNetwork && isReachable;
  const hasUpdate = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);

  useEffect(() => registerAppServiceWorker(), []);

  useEffect(() => {
    if (!isOnline || !('serviceWorker' in navigator)) return;
    // Through the worker only, or nothing would be kept: wait until it controls the page.
    const save = () => {
      if (!navigator.serviceWorker.controller) return;
      saveAgendaForOffline(queryClient, timeZone, new Date()).catch(() => undefined);
    };
    save();
    navigator.serviceWorker.addEventListener('controllerchange', save);
    return () => navigator.serviceWorker.removeEventListener('controllerchange', save);
  }, [isOnline, queryClient, timeZone]);

  const savedAt = isOnline ? null : readSavedAt();
  return (
    <>
      {!isOnline ? (
        <div
          role="status"
          className="flex items-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {savedAt
            ? `Sem conexão — mostrando a agenda de ${formatSavedAt(savedAt, new Date())}`
            : 'Sem conexão — mostrando o que este aparelho guardou'}
        </div>
      ) : null}
      {hasUpdate ? (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 border-b bg-card px-4 py-2 text-sm"
        >
          <span>Há uma nova versão do Agendaki.</span>
          <Button size="sm" onClick={applyUpdate}>
            <RefreshCw aria-hidden="true" />
            Atualizar
          </Button>
        </div>
      ) : null}
    </>
  );
}
