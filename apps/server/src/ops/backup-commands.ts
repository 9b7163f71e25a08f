// The backup, as the command or (PGlite in use) the server runs it.
import type { Env } from '../config/env';
import type { Database } from '../db/client';
import { createBackup } from './backup-service';
import type { ControlAnswer } from './control-socket';

export type BackupEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'STORAGE_DRIVER'>;

export async function runBackup(
  database: Database,
  env: BackupEnv,
  file: string,
): Promise<ControlAnswer> {
  const manifest = await createBackup(
    file,
    { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, images: env.STORAGE_DRIVER },
    database.dump ? () => database.dump!() : undefined,
  );
  const images =
    manifest.images === 's3'
      ? 'As imagens ficam no bucket S3 (não estão no arquivo).'
      : `${manifest.imageCount} ${manifest.imageCount === 1 ? 'imagem' : 'imagens'}.`;
  return {
    code: 0,
    message:
      `Backup salvo em ${file} (banco ${manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}; ${images}) ` +
      'O segredo do servidor (AUTH_SECRET ou DATA_DIR/auth-secret) não vai no arquivo: guarde-o à parte.',
  };
}
