import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Libraries through their public API only (docs/decisions/032-public-apis-only.md): the lint
 * names drizzle's and pg-boss's private surface and refuses it in apps/server/src.
 */
const root = path.resolve(import.meta.dirname, '../../..');

describe('lint of private library surface', () => {
  let eslint: ESLint;
  // The first lint loads the whole config (typescript-eslint, the schema's table map): slow on
  // a loaded machine, so it is done once here.
  beforeAll(async () => {
    eslint = new ESLint({ cwd: root });
    await eslint.lintText('export {};\n', {
      filePath: path.join(root, 'apps/server/src/db/example.ts'),
    });
  }, 120_000);

  async function lint(code: string) {
    const [result] = await eslint.lintText(code, {
      filePath: path.join(root, 'apps/server/src/db/example.ts'),
    });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it.each([
    [
      'the session of a cast db',
      'export const c = (db as unknown as { session: unknown }).session;',
    ],
    ['the session of a transaction', 'export const c = tx.session;'],
    ['the dialect and session, destructured', 'export const { dialect, session } = db as never;'],
    ["a select builder's `_`", 'export const f = select._.selectedFields;'],
    ["a prepared query's mapper", 'prepared.customResultMapper = () => [];'],
    ['the joins map', 'export const j = select.joinsNotNullableMap;'],
    ['an SQL decoder', 'export const d = field.decoder;'],
    [
      "drizzle's utils",
      "import { mapResultRow } from 'drizzle-orm/utils';\nexport const m = mapResultRow;",
    ],
    ["pg-boss's job table", 'export const q = sql`DELETE FROM pgboss.job WHERE id = ${id}`;'],
    ["pg-boss's archive by its schema", 'export const q = sql`DELETE FROM ${schema}.archive`;'],
    ["pg-boss's archive in a string", "export const q = 'select * from pgboss.archive';"],
  ])('refuses %s, saying why', async (_name, code) => {
    const messages = await lint(code);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).toMatch(/^no-restricted-syntax: .*032-public-apis-only/);
    }
  });

  it("accepts drizzle's and pg-boss's public API, and better-auth's session", async () => {
    const messages = await lint(
      [
        "import { sql } from 'drizzle-orm';",
        'declare const db: { execute(q: unknown): Promise<unknown> };',
        'declare const current: { session: { token: string } };',
        'export const token = current.session.token;',
        "export const run = () => db.execute(sql`select ${sql.placeholder('a')}`);",
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
