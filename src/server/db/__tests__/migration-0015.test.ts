/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"

const stores = useThrowawayStores("hardening-migration-")

const AT = "2026-11-20T09:00:00.000Z"
const PASSWORD = "hunter2-of-the-hook"

/** A waitlist as the version before 0015 left it: a webhook event queued with a password in its URL, and one that failed quoting it; Ben referred by Ana from a client. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0011-referrals")
  const on = dialect.kysely
  await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at) VALUES (1, 'Ana', 'ana@example.com', 'ana@example.com', ${AT}, ${AT})`.execute(
    on,
  )
  await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at) VALUES (2, 'Ben', 'ben@example.com', 'ben@example.com', ${AT}, ${AT})`.execute(
    on,
  )
  await sql`INSERT INTO waitlist_referrals (referred_id, referrer_id, client_hash, state, created_at, decided_at) VALUES (2, 1, 'hash-of-the-client', 'credited', ${AT}, ${AT})`.execute(
    on,
  )
  const hook = `https://ops:${PASSWORD}@hooks.example.com/in`
  await sql`INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, status, next_attempt_at, created_at, last_error) VALUES
    (1, 'webhook', ${hook}, '{}', 'pending', ${AT}, ${AT}, NULL),
    (1, 'webhook', ${hook}, '{}', 'failed', ${AT}, ${AT}, ${`TypeError: Request cannot be constructed from a URL that includes credentials: ${hook}`}),
    (1, 'team', 'team@example.com', '{}', 'pending', ${AT}, ${AT}, NULL)`.execute(on)
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0015 on a $store waitlist of the version before it", ({ settings }) => {
  it("takes the password out of every webhook URL and error the outbox kept, and leaves mail as it was", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      const rows = await db.read((on) =>
        on.selectFrom("waitlist_outbox").select(["kind", "recipient", "last_error"]).orderBy("id").execute(),
      )
      expect(rows).toEqual([
        { kind: "webhook", recipient: "https://hooks.example.com/in", last_error: null },
        {
          kind: "webhook",
          recipient: "https://hooks.example.com/in",
          last_error:
            "TypeError: Request cannot be constructed from a URL that includes credentials: https://hooks.example.com/in",
        },
        { kind: "team", recipient: "team@example.com", last_error: null },
      ])
      expect(JSON.stringify(rows)).not.toContain(PASSWORD)
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })

  it("moves each referral's client into the networks it came from", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      expect(await db.read((on) => on.selectFrom("waitlist_referral_networks").selectAll().execute())).toEqual([
        { referred_id: 2, prefix: "client", network: "hash-of-the-client" },
      ])
      expect(await db.read((on) => on.selectFrom("waitlist_referrals").selectAll().execute())).toEqual([
        {
          referred_id: 2,
          referrer_id: 1,
          state: "credited",
          created_at: expect.anything(),
          decided_at: expect.anything(),
          // Migration 0018 gave a referral its network (its /24 or /48), which a referral of the version before has none of.
          network: null,
        },
      ])
    } finally {
      await db.close()
    }
  })
})
