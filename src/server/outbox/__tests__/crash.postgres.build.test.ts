/**
 * @jest-environment node
 */
import { Client } from "pg"
import { usePostgresDatabases } from "../../../../test/support/postgres-for-suite"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { describeWaitlistCrashes } from "../../../../test/support/waitlist-crash-behaviour"

const newDatabase = usePostgresDatabases()

/** No transaction of the killed server is left open, and the one-entry-per-address rule still holds in the table. */
async function expectStoreConsistent(settings: Record<string, string>) {
  const client = new Client({ connectionString: settings.DATABASE_URL })
  await client.connect()
  try {
    // The new server's own transactions are idle for a moment between their statements; one left by the killed server stays so.
    const open = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND state_change < now() - interval '1 second'",
    )
    expect(open.rows[0]).toEqual({ n: 0 })
    const duplicates = await client.query(
      "SELECT email_key FROM waitlist_entries GROUP BY email_key HAVING count(*) > 1",
    )
    expect(duplicates.rows).toEqual([])
  } finally {
    await client.end()
  }
}

describe("the waitlist killed under load, with the PostgreSQL store", () =>
  describeWaitlistCrashes({
    newStore: newDatabase,
    expectStoreConsistent,
    figures: recordFigures("crash", "PostgreSQL"),
  }))
