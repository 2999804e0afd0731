/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"

const stores = useThrowawayStores("provider-migration-")
const AT = "2026-11-20T09:00:00.000Z"

/** The recipients of a waitlist as the version before 0012 left it, each with the provider 0012 gives it (null: not a visitor's mail). */
const OUTBOX: [kind: string, recipient: string, provider: string | null][] = [
  ["confirm", "ana@gmail.com", "gmail"],
  ["announcement", "ben@GoogleMail.com", "gmail"],
  ["confirm", "cleo@hotmail.co.uk", "outlook"],
  ["announcement", "dan@live.com", "outlook"],
  ["confirm", "eve@msn.com", "outlook"],
  ["confirm", "fay@yahoo.co.jp", "yahoo"],
  ["announcement", "gus@aol.com", "yahoo"],
  ["confirm", "hal@me.com", "icloud"],
  ["confirm", "ivy@mac.com", "icloud"],
  ["announcement", "jo@icloud.com", "icloud"],
  ["confirm", "kim@example.org", "other"],
  ["confirm", "liv@livestream.example", "other"],
  ["notify", "team@gmail.com", null],
  ["webhook", "https://hooks.example/in", null],
]

async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0011-referrals")
  await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at) VALUES (1, 'Ana', 'ana@gmail.com', 'ana@gmail.com', ${AT}, ${AT})`.execute(
    dialect.kysely,
  )
  for (const [kind, recipient] of OUTBOX)
    await sql`INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, status, next_attempt_at, created_at, sent_at) VALUES (1, ${kind}, ${recipient}, '{}', 'sent', ${AT}, ${AT}, ${AT})`.execute(
      dialect.kysely,
    )
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0012 on a $store waitlist of the version before it", ({ settings }) => {
  it("gives every visitor mail queued before it its mailbox provider, and the team's mail and webhook events none", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      const rows = await db.read((on) =>
        on.selectFrom("waitlist_outbox").select(["recipient", "mailbox_provider"]).orderBy("id").execute(),
      )
      expect(rows.map((row) => [row.recipient, row.mailbox_provider])).toEqual(
        OUTBOX.map(([, recipient, provider]) => [recipient, provider]),
      )
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
