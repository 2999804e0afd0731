/**
 * @jest-environment node
 */
import { Client } from "pg"
import { startPostgresServer, type PostgresServer } from "../../testing/postgres-server"
import { ensureProductionBuild } from "../../testing/production-build"
import { recordFigures } from "../../testing/reliability-figures"
import { describeWaitlistCrashes } from "../../testing/waitlist-crash-behaviour"

let postgres: PostgresServer
beforeAll(async () => {
  await ensureProductionBuild()
  postgres = await startPostgresServer()
}, 10 * 60_000)
afterAll(() => postgres?.stop())

/** No transaction of the killed server is left open, and the one-entry-per-address rule still holds in the table. */
async function expectStoreConsistent(settings: Record<string, string>) {
  const client = new Client({ connectionString: settings.DATABASE_URL })
  await client.connect()
  try {
    const open = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'")
    expect(open.rows[0]).toEqual({ n: 0 })
    const duplicates = await client.query("SELECT email_normalized FROM waitlist_entries GROUP BY email_normalized HAVING count(*) > 1")
    expect(duplicates.rows).toEqual([])
  } finally {
    await client.end()
  }
}

describe("the waitlist killed under load, with the PostgreSQL store", () =>
  describeWaitlistCrashes({
    newStore: async () => ({ DATABASE_URL: await postgres.createDatabase() }),
    expectStoreConsistent,
    figures: recordFigures("crash", "PostgreSQL"),
  }))
