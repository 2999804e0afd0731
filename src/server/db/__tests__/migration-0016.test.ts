/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"
import { keepLineFor, placeOf } from "../../referrals/line"

const stores = useThrowawayStores("line-migration-")

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString()

/** A waitlist as the version before 0016 left it: eight people confirmed in turn, the eighth with a friend credited, and one who never confirmed. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0015-bounded-and-secret-free")
  const on = dialect.kysely
  for (let n = 1; n <= 10; n += 1) {
    const email = `p${n}@example.com`
    const confirmedAt = n === 10 ? null : at(n)
    await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at, confirmed_at, referral_code)
      VALUES (${n}, ${`P${n}`}, ${email}, ${email}, ${at(0)}, ${at(0)}, ${confirmedAt}, ${confirmedAt ? `code000${n - 1}` : null})`.execute(
      on,
    )
  }
  await sql`INSERT INTO waitlist_referrals (referred_id, referrer_id, state, created_at, decided_at) VALUES (9, 8, 'credited', ${at(9)}, ${at(9)})`.execute(
    on,
  )
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0016 on a $store waitlist of the version before it", ({ settings }) => {
  it("gives every confirmed person the place they had, from the line written at start, and none to the unconfirmed", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      const everyPlace = () =>
        db.read(async (on) => {
          const found = []
          for (let id = 1; id <= 10; id += 1) found.push(await placeOf(on, id, 5))
          return found
        })
      const before = [1, 2, 4, 5, 6, 7, 8, 3, 9, null]
      // Before the start writes the line, a place is computed as the version before did.
      expect(await everyPlace()).toEqual(before)
      expect(await db.read((on) => on.selectFrom("waitlist_line").selectAll().execute())).toEqual([])
      await keepLineFor(db, 5)
      expect(await everyPlace()).toEqual(before)
      expect(await db.read((on) => on.selectFrom("waitlist_line").select("entry_id").execute())).toHaveLength(9)
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
