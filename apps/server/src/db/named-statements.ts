import { createHash } from 'node:crypto';
import pg from 'pg';

/** Distinct statements one connection keeps parsed; later new ones go unnamed (memory bound). */
export const MOST_NAMED_PER_CONNECTION = 1_000;

/**
 * A node-postgres client that names every statement sent with values by a hash of its text, so
 * PostgreSQL parses it once per connection and node-postgres then sends only Bind and Execute
 * (its documented named-statement behaviour): drizzle builds a transaction's statements anew each
 * time and would send them unnamed, parsed and planned on every booking (decision 040). Built on
 * public APIs only: pg.Pool's `Client` option and the `name` field of a query config.
 */
export class NamingClient extends pg.Client {
  readonly #names = new Set<string>();
  readonly #most: number;

  /** pg.Pool hands its own options to each client: `mostNamedStatements` bounds the names. */
  constructor(config?: pg.ClientConfig & { mostNamedStatements?: number }) {
    super(config);
    this.#most = config?.mostNamedStatements ?? MOST_NAMED_PER_CONNECTION;
  }

  // node-postgres' `query` has many overloads; this one forwards every form unchanged.
  // @ts-expect-error: one implementation for all of pg.Client's `query` overloads.
  override query(config: unknown, values?: unknown, callback?: unknown): unknown {
    const named = this.#named(config, values);
    const forward = super.query as (...args: unknown[]) => unknown;
    return forward.call(this, named ?? config, values, callback);
  }

  /** The config with a `name`, or undefined when it stays as given. */
  #named(config: unknown, values: unknown): object | undefined {
    if (typeof config === 'string') return this.#named({ text: config }, values);
    if (typeof config !== 'object' || config === null) return undefined;
    const query = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
    if (typeof query.text !== 'string' || query.name !== undefined) return undefined;
    // A Query or cursor object brings its own protocol.
    if (typeof query.submit === 'function') return undefined;
    const bound = Array.isArray(values) ? values : query.values;
    // Without values node-postgres uses the simple protocol (several statements, no parse).
    if (!Array.isArray(bound) || bound.length === 0) return undefined;
    const name = `s${createHash('sha1').update(query.text).digest('base64url')}`;
    if (!this.#names.has(name)) {
      if (this.#names.size >= this.#most) return undefined;
      this.#names.add(name);
    }
    return { ...query, name };
  }
}
