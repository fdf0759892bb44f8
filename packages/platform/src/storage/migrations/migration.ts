/** One schema change: plain PostgreSQL, applied once, in version order, inside a transaction. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
