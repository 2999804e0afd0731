import { startPostgresServer, type PostgresServer } from "./postgres-server"
import { ensureProductionBuild } from "./production-build"

/**
 * For a test file of the production server on PostgreSQL: makes sure the
 * build exists, starts a throwaway cluster before the file's tests and stops
 * it after. Returns the cluster, once beforeAll has run (to halt and resume it).
 */
export function usePostgresCluster(): () => PostgresServer {
  let postgres: PostgresServer | undefined
  beforeAll(async () => {
    await ensureProductionBuild()
    postgres = await startPostgresServer()
  }, 10 * 60_000)
  afterAll(() => postgres?.stop())
  return () => {
    if (!postgres) throw new Error("the PostgreSQL cluster of this test file did not start")
    return postgres
  }
}

/** As usePostgresCluster; returns what a suite hands the server: a new, empty database each call. */
export function usePostgresDatabases(): () => Promise<{ DATABASE_URL: string }> {
  const cluster = usePostgresCluster()
  return async () => ({ DATABASE_URL: await cluster().createDatabase() })
}
