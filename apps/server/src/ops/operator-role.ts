// `npm run admin:grant -- email` / `npm run admin:revoke -- email`: the operator role is given
// on the server's machine, by someone who can reach its database, never through the web.
import { EnvError, loadDatabaseEnv } from '../config/env';
import { DataDirLockedError } from '../db/lock';
import { openDatabase } from '../db/open-database';
import { type ControlAnswer, sendCommand } from './control-socket';
import { changeOperatorRole } from './operator-commands';

async function main(): Promise<number> {
  const [command = '', email] = process.argv.slice(2);
  const env = loadDatabaseEnv();
  let answer: ControlAnswer | undefined;
  try {
    const database = await openDatabase(env);
    try {
      answer = await changeOperatorRole(database.db, command, email);
    } finally {
      await database.close();
    }
  } catch (error) {
    // PGlite in use by the running server: ask the server itself, over its control socket.
    if (!(error instanceof DataDirLockedError)) throw error;
    answer = await sendCommand(env.DATA_DIR, {
      command: 'operator-role',
      args: [command, email ?? ''],
    });
    if (!answer) throw error;
  }
  (answer.code === 0 ? console.log : console.error)(answer.message);
  return answer.code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof EnvError || error instanceof DataDirLockedError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
