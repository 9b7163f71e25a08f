import { buildApp } from './app';
import { EnvError, loadEnv } from './config/env';
import { DataDirLockedError } from './db/lock';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './features/demo/service';
import { createFileStorage } from './features/storage/service';
import { runBackup } from './ops/backup-commands';
import { listenForCommands } from './ops/control-socket';
import { changeOperatorRole } from './ops/operator-commands';

const SHUTDOWN_GRACE_MS = 10_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env);
  const app = await buildApp({ env, database });
  app.addHook('onClose', async () => {
    await database.close();
  });
  if (database.kind === 'pglite') {
    // The operator's commands while this process holds the embedded database (ops/control-socket.ts).
    const closeCommands = await listenForCommands(env.DATA_DIR, async (request) => {
      if (request.command === 'operator-role') {
        return changeOperatorRole(database.db, request.args[0] ?? '', request.args[1]);
      }
      if (request.command === 'backup' && request.args[0]) {
        return runBackup(database, env, request.args[0]);
      }
      return { code: 2, message: `Comando desconhecido: ${request.command}` };
    }).catch((error: unknown) => {
      app.log.warn({ err: error }, 'control socket not opened: stop the server to run commands');
      return undefined;
    });
    if (closeCommands) app.addHook('onClose', closeCommands);
  }
  if (env.DEMO_DATA) {
    // "Ver Demonstração" (docs/product.md, Ver Demonstração): /book/demo. A failure here never stops the server.
    try {
      const demo = await seedDemoData({
        db: database.db,
        storage: createFileStorage(env),
        clock: app.clock,
      });
      if (demo.status === 'link-taken') {
        app.log.warn('demo data skipped: the link /book/demo belongs to another professional');
      } else {
        app.log.info(demo, 'demo professional ready at /book/demo');
      }
    } catch (error) {
      app.log.error({ err: error }, 'demo data could not be created');
    }
  }

  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ host: env.HOST, port: env.PORT });
  } catch (error) {
    await app.close().catch(() => {});
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new EnvError(
        `A porta ${env.PORT} já está em uso. Pare o outro processo ou defina PORT.`,
      );
    }
    throw error;
  }
  if (typeof env.TRUST_PROXY === 'number' && !LOOPBACK_HOSTS.has(env.HOST)) {
    // A hop count believes whoever connects is the proxy (docs/decisions/026).
    app.log.warn(
      { host: env.HOST, trustProxy: env.TRUST_PROXY },
      'TRUST_PROXY counts hops: only the proxy may reach this port, else list its addresses',
    );
  }
  // The job queue's workers: mail delivery, the hourly purge (plugins/jobs.ts). Closing the
  // app stops them before the database closes.
  await app.jobs.start();
  app.log.info(
    { database: database.kind, url: env.PUBLIC_URL },
    `Agendaki pronto em ${env.PUBLIC_URL} (banco: ${database.kind === 'pglite' ? 'PGlite embutido' : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(`\nAgendaki não iniciou: ${error.message}\n`);
  } else {
    console.error('Agendaki não iniciou:', error);
  }
  process.exit(1);
});
