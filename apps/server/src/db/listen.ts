import pg from 'pg';

/** What a NOTIFY listener is told: each payload, and whether notices can currently arrive. */
export interface NoticeHandler {
  notice(payload: string): void;
  /**
   * `true` once LISTEN is in place; `false` when the connection is lost (notices sent until it is
   * back are lost for good, so whatever they would have invalidated must be dropped).
   */
  listening(active: boolean): void;
}

export interface NoticeListener {
  /** Resolves after the first attempt to listen, whether it worked or not. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const RETRY_MS = 1_000;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to queries), reopened
 * every second while the server is away: a restart costs the cache its contents, not its truth.
 */
export function listenPostgres(
  connectionString: string,
  channel: string,
  handler: NoticeHandler,
): NoticeListener {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      handler.listening(false);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RETRY_MS).unref();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handler.notice(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      if (lost || closed) return;
      handler.listening(true);
    } catch {
      onLost();
    }
  };

  return {
    ready: connect(),
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      handler.listening(false);
      await client?.end().catch(() => {});
    },
  };
}
