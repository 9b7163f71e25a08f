import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const env = loadEnv({});
    expect(env.databaseKind).toBe('pglite');
    expect(env.PORT).toBe(3000);
    expect(env.DEMO_DATA).toBe(true);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.PLAN_PRICE_CENTS).toBe(1500);
  });

  it('uses PostgreSQL when DATABASE_URL is set, with demo data off by default', () => {
    const env = loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1/db', AUTH_SECRET: 'x'.repeat(32) });
    expect(env.databaseKind).toBe('postgres');
    expect(env.DEMO_DATA).toBe(false);
  });

  it('refuses PostgreSQL without AUTH_SECRET, naming it (decision 029)', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u@127.0.0.1/db' })).toThrow(
      /Configuração inválida:\n {2}- AUTH_SECRET: obrigatório com PostgreSQL/,
    );
  });

  it('stops with a readable pt-BR message naming each bad variable', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' })).toThrow(
      EnvError,
    );
    try {
      loadEnv({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('Configuração inválida');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: deve começar com postgres:// ou postgresql://');
    }
  });

  it('treats empty variables as unset and strips a trailing slash from PUBLIC_URL', () => {
    const env = loadEnv({ DATABASE_URL: '', PUBLIC_URL: 'https://agendaki.com.br/' });
    expect(env.databaseKind).toBe('pglite');
    expect(env.PUBLIC_URL).toBe('https://agendaki.com.br');
  });
});
