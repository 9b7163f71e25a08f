/**
 * Every job queue of the app, like db/schema.ts for tables: `migrate()` creates them and keeps
 * their settings current (db/queue.ts), so a job can be sent the moment the database is open,
 * by any instance, before any worker starts. Handlers live in their features.
 */
export interface QueueDefinition {
  name: string;
  /** Attempts after the first; 0: a failed job stays failed. */
  retryLimit: number;
  /** Seconds before a retry; with backoff, pg-boss doubles it each time, with jitter. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A job active for longer (its worker died, or hangs) is failed, and retried if it may be. */
  expireInSeconds: number;
  /**
   * Jobs a worker takes per look (plugins/jobs.ts), run side by side; after a full batch it looks
   * again at once, so a backlog drains at the handlers' pace. Every job of a batch must be done
   * within `expireInSeconds` of the look.
   */
  batchSize: number;
}

/**
 * One job per mail of the outbox (features/mail). 8 attempts, 30-60 s, then 1-2 min, 2-4 min …
 * one to two hours in all before giving up. 25 mails a look: the worker reads, marks and
 * completes a batch in one statement each, and pg-boss's fetch sorts every mail waiting, so
 * under a burst of bookings fewer, larger looks cost PostgreSQL less per mail
 * (docs/benchmarks.md). Seven minutes is longer than a batch can take when every send waits out
 * the SMTP socket's timeout (5 rounds of 5 connections, 60 s each: features/mail/worker.ts), so a
 * live worker's send is never handed to another instance meanwhile.
 */
export const MAIL_QUEUE: QueueDefinition = {
  name: 'mail',
  retryLimit: 7,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 7 * 60,
  batchSize: 25,
};

/** The hourly purge of expired rows (features/maintenance); the next tick tries again. */
export const PURGE_QUEUE: QueueDefinition = {
  name: 'purge',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 30 * 60,
  batchSize: 10,
};

/**
 * One e-mail reminder per booking at its time (features/manage): the job only queues the mail
 * (the mail queue retries delivery), so a few quick retries are enough.
 */
export const REMINDER_QUEUE: QueueDefinition = {
  name: 'reminder',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  batchSize: 10,
};

/**
 * One job per booking with a Pix sinal, due at its deadline (features/deposits): it expires the
 * sinal if still pending and cancels the booking. The handler changes nothing twice (a
 * conditional UPDATE from 'pending'), so retries are safe.
 */
export const DEPOSIT_QUEUE: QueueDefinition = {
  name: 'deposit-deadline',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  batchSize: 10,
};

/**
 * One notice per booking and window of the client's changes on the manage link
 * (features/manage/change-notice.ts, decision 031): the job reads the booking when it runs and
 * only queues mails, so a few quick retries are enough.
 */
export const CHANGE_NOTICE_QUEUE: QueueDefinition = {
  name: 'change-notice',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  batchSize: 10,
};

/**
 * "Esqueci minha senha" and "Enviar link de acesso" (features/auth): the request only sends this
 * job, so its answer does the same work whether or not the address has an account; the job
 * looks the account up and queues the mail. Quick retries: a reset link is awaited.
 */
export const AUTH_MAIL_REQUEST_QUEUE: QueueDefinition = {
  name: 'auth-mail-request',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 60,
  batchSize: 10,
};

/**
 * The hourly extension of horário fixo series (features/series/job.ts): each series is extended
 * under its row's lock and makes nothing twice, so the next tick simply tries again.
 */
export const SERIES_QUEUE: QueueDefinition = {
  name: 'series-extend',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 15 * 60,
  batchSize: 1,
};

/**
 * The waiting list (features/waitlist): a look at one professional's free time and line, sent
 * when their time changes and at each offer's deadline. A look changes nothing twice (offers are
 * conditional writes under the no-overlap constraint), so retries and a second instance are safe.
 */
export const WAITLIST_SCAN_QUEUE: QueueDefinition = {
  name: 'waitlist-scan',
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 2 * 60,
  batchSize: 5,
};

/** Every minute: a look at each professional with someone waiting (a missed notice, expiries). */
export const WAITLIST_SWEEP_QUEUE: QueueDefinition = {
  name: 'waitlist-sweep',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 5 * 60,
  batchSize: 1,
};

/**
 * The automations' tick of features/comeback (issue 50), by cron every minute: it only records
 * messages (once per source, a unique key) and queues their mails, so it is not retried; the
 * next minute does what a failed one left.
 */
export const COMEBACK_QUEUE: QueueDefinition = {
  name: 'comeback-tick',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 5 * 60,
  batchSize: 1,
};

/**
 * One job per package sold, due the day after its last valid day (features/packages): it
 * expires the sessions left once (a conditional UPDATE of `expired_at`), so retries are safe.
 */
export const PACKAGE_EXPIRY_QUEUE: QueueDefinition = {
  name: 'package-expiry',
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  batchSize: 10,
};

/**
 * WhatsApp template messages (features/whatsapp): one job per message row (same id), or one
 * per booking that plans its confirmation. The handler sends only a row still `queued`; a
 * platform outage is retried for about half an hour, then the e-mail goes instead.
 */
export const WHATSAPP_QUEUE: QueueDefinition = {
  name: 'whatsapp',
  retryLimit: 5,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  batchSize: 10,
};

/**
 * One job per event told by Web Push (features/push): a booking, a client's change, a sinal
 * received or expired, a test. The job encrypts and posts to each subscribed device, recording
 * each one reached so a retry skips it. A push service down or throttling is retried for about
 * an hour; the message is stale after that.
 */
export const PUSH_QUEUE: QueueDefinition = {
  name: 'push',
  retryLimit: 6,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 2 * 60,
  batchSize: 10,
};

export const QUEUES: readonly QueueDefinition[] = [
  MAIL_QUEUE,
  PURGE_QUEUE,
  REMINDER_QUEUE,
  DEPOSIT_QUEUE,
  CHANGE_NOTICE_QUEUE,
  AUTH_MAIL_REQUEST_QUEUE,
  SERIES_QUEUE,
  WAITLIST_SCAN_QUEUE,
  WAITLIST_SWEEP_QUEUE,
  PACKAGE_EXPIRY_QUEUE,
  WHATSAPP_QUEUE,
  PUSH_QUEUE,
  COMEBACK_QUEUE,
];
