import type { PushDeviceInput } from '@agendaki/shared';
import { describeDevice } from './platform';

export class PushSetupError extends Error {}

const READY_TIMEOUT_MS = 10_000;

function toBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  const expected = toBytes(publicKey);
  const actual = new Uint8Array(key);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new PushSetupError('O aplicativo ainda está sendo preparado. Tente de novo.')),
      READY_TIMEOUT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function toInput(subscription: PushSubscription): PushDeviceInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label: describeDevice(),
  };
}

/** This browser's subscription, if it has one made with the server's current key. */
export async function currentSubscription(publicKey: string): Promise<PushDeviceInput | null> {
  const registration = await navigator.serviceWorker.getRegistration('/dashboard');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription || !sameKey(subscription.options.applicationServerKey, publicKey)) return null;
  return toInput(subscription);
}

/** Asks for permission and subscribes this browser to the server's key. */
export async function subscribeThisDevice(publicKey: string): Promise<PushDeviceInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError(
      permission === 'denied'
        ? 'As notificações estão bloqueadas para o Agendaki neste navegador. Libere nas configurações do site.'
        : 'Para receber avisos, permita as notificações quando o navegador perguntar.',
    );
  }
  const registration = await readyRegistration();
  let subscription = await registration.pushManager.getSubscription();
  // A key changed on the server (a new secret): the old subscription no longer works.
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: toBytes(publicKey),
    });
  } catch {
    throw new PushSetupError(
      'O navegador não conseguiu ativar as notificações agora. Verifique a conexão e tente de novo.',
    );
  }
  return toInput(subscription);
}

/** Ends this browser's subscription (turning notifications off here, or signing out). */
export async function unsubscribeThisDevice(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/dashboard');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
