import { startPostgresServer, type PostgresServer } from "./postgres-server"
import { ensureProductionBuild } from "./production-build"

/**
 * For a test file of the production server on PostgreSQL: makes sure the
 * build exists, starts a throwaway cluster before the file's tests and stops
 * it after. Returns what a suite hands the server: a new, empty database each call.
 */
export function usePostgresDatabases(): () => Promise<{ DATABASE_URL: string }> {
  let postgres: PostgresServer | undefined
  beforeAll(async () => {
    await ensureProductionBuild()
    postgres = await startPostgresServer()
  }, 10 * 60_000)
  afterAll(() => postgres?.stop())
  return async () => {
    if (!postgres) throw new Error("the PostgreSQL cluster of this test file did not start")
    return { DATABASE_URL: await postgres.createDatabase() }
  }
}
