// How test vaults reach PostgreSQL: straight to the database (DATABASE_URL) unless a test file routes them
// elsewhere, as tests/integration/pgbouncer-suites.test.ts does to run existing suites behind PgBouncer.
export type DatabaseRoute = (directUrl: string) => Record<string, string>;

const direct: DatabaseRoute = (directUrl) => ({ DATABASE_URL: directUrl });
let route = direct;

/** Every later test vault (and own database) of this file takes `next`; undefined restores the direct route. */
export function routeTestDatabases(next: DatabaseRoute | undefined): void {
  route = next ?? direct;
}

/** The vault's database variables for a database at `directUrl` (none for embedded PGlite: an empty URL). */
export function databaseEnv(directUrl: string): Record<string, string> {
  return directUrl ? route(directUrl) : {};
}
