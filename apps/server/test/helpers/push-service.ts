import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * web-push-testing (1.2.2) on loopback as the push service: it hands out subscriptions for our
 * VAPID key, checks the VAPID signature of each message, decrypts it (RFC 8291) and keeps it.
 * Started as its own process, as its CLI starts it, and stopped by its pid.
 */
export interface PushServiceStandIn {
  origin: string;
  subscribe(applicationServerKey: string): Promise<StandInSubscription>;
  /** The decrypted messages a subscription received, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** The subscription is gone: the next message to it is answered 410. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const require = createRequire(import.meta.url);
  const script = path.join(
    path.dirname(require.resolve('web-push-testing/package.json')),
    'src/bin/server.js',
  );
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [script, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('web-push-testing did not start')), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`web-push-testing exited with ${code}`)));
  });
  // It names itself "localhost" in the endpoints it hands out.
  const origin = `http://localhost:${port}`;
  const post = async (route: string, body: object) => {
    const response = await fetch(`${origin}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${route}: ${response.status} ${text}`);
    // `/expire-subscription` answers a plain "OK".
    return text.startsWith('{') ? (JSON.parse(text) as { data: unknown }) : { data: undefined };
  };
  return {
    origin,
    async subscribe(applicationServerKey) {
      const { data } = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      return data as StandInSubscription;
    },
    async messages(clientHash) {
      const { data } = await post('/get-notifications', { clientHash });
      return (data as { messages: string[] }).messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
