import webpush from 'web-push';
import type { VapidKeys } from './vapid';

/**
 * The push service adapter (RFC 8030 with RFC 8291 encryption and RFC 8292 VAPID): web-push
 * encrypts and signs, and the request goes out with fetch, so a stand-in on http (tests) and the
 * browsers' services on https are posted to alike.
 */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** 'gone': the subscription no longer exists (404/410), remove it; 'rejected': never retry. */
export type PushOutcome = 'sent' | 'gone' | 'rejected';

export interface PushSender {
  /** Throws when it may work later (network, 429, 5xx): the job retries. */
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export class PushServiceError extends Error {}

const SEND_TIMEOUT_MS = 10_000;
/** A notice older than a day is of no use: the push service may drop it. */
const TTL_SECONDS = 24 * 60 * 60;

export function createPushSender(options: { vapid: VapidKeys; subject: string }): PushSender {
  const vapidDetails = { subject: options.subject, ...options.vapid };
  return {
    async send(target, payload) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        { vapidDetails, TTL: TTL_SECONDS, urgency: 'high' },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      if (response.status === 404 || response.status === 410) return 'gone';
      if (response.status === 429 || response.status >= 500) {
        throw new PushServiceError(`push service answered ${response.status}`);
      }
      return 'rejected';
    },
  };
}

/** VAPID's contact: the public address when it is https, else the sender of the mails. */
export function vapidSubject(publicUrl: string, mailFrom: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}
