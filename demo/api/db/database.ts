/**
 * The one database surface the reference API uses, implemented by PGlite (embedded
 * PostgreSQL, the default) and by a real PostgreSQL pool (DATABASE_URL). Both speak
 * the same SQL with $1-style parameters, so every query is written once.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** Inside a transaction: queries, and several statements at once (a migration file). */
export interface Transaction extends Queryable {
  /** Runs a whole script without parameters, as the server parses it (function bodies included). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; a thrown error rolls it back. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
