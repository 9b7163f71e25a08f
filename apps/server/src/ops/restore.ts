// `npm run restore -- FILE`: brings a backup back into an empty DATA_DIR (PGlite) or an empty
// PostgreSQL database (DATABASE_URL). Then start the server with the same secret.
import path from 'node:path';
import { EnvError, loadDatabaseEnv } from '../config/env';
import { BackupError, restoreBackup } from './backup-service';

async function main(): Promise<number> {
  const env = loadDatabaseEnv();
  const given = process.argv[2];
  if (!given) {
    console.error('Uso: npm run restore -- arquivo-do-backup.zip');
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const manifest = await restoreBackup(file, {
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    images: env.STORAGE_DRIVER,
  });
  const where = env.DATABASE_URL ? 'no banco de DATABASE_URL' : `em ${env.DATA_DIR}`;
  console.log(
    `Backup de ${manifest.createdAt} restaurado ${where} (${manifest.imageCount} imagens). ` +
      'Inicie o servidor com o mesmo segredo (AUTH_SECRET, ou o arquivo auth-secret copiado para ' +
      'DATA_DIR) para que as credenciais guardadas continuem legíveis.',
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof EnvError || error instanceof BackupError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
