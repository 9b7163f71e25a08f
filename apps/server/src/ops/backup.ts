// `npm run backup [-- FILE]`: one file with the database and the uploaded images (README,
// "Backup"). On PGlite while the server runs, the server itself writes it (control socket).
import path from 'node:path';
import { EnvError, loadDatabaseEnv } from '../config/env';
import { DataDirLockedError } from '../db/lock';
import { openDatabase } from '../db/open-database';
import { BackupError } from './backup-service';
import { runBackup } from './backup-commands';
import { sendCommand } from './control-socket';

function defaultName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `agendaki-backup-${stamp}.zip`;
}

async function main(): Promise<number> {
  const env = loadDatabaseEnv();
  // npm runs scripts from the repository's root; a relative name is the caller's.
  const base = process.env.INIT_CWD ?? process.cwd();
  const file = path.resolve(base, process.argv[2] ?? defaultName(new Date()));
  let database;
  try {
    database = await openDatabase(env);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const answer = await sendCommand(env.DATA_DIR, { command: 'backup', args: [file] });
    if (!answer) throw error;
    (answer.code === 0 ? console.log : console.error)(answer.message);
    return answer.code;
  }
  try {
    const answer = await runBackup(database, env, file);
    console.log(answer.message);
    return answer.code;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof EnvError ||
      error instanceof DataDirLockedError ||
      error instanceof BackupError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
