/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { EVERY_MIGRATION, migratedTo, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"
import { departFromLine, keepLineFor, placeOf } from "../../referrals/line"
import { places } from "../../referrals/line-rule"

const stores = useThrowawayStores("line-gaps-migration-")

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString()

/** A waitlist as the version before 0020 left it: nine people confirmed in turn, the eighth with a friend credited, and the line kept for boost 5 as its start wrote it. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0019-line-by-arrival")
  const on = dialect.kysely
  for (let n = 1; n <= 9; n += 1) {
    const email = `p${n}@example.com`
    await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at, confirmed_at, referral_code)
      VALUES (${n}, ${`P${n}`}, ${email}, ${email}, ${at(0)}, ${at(0)}, ${at(n)}, ${`code000${n - 1}`})`.execute(on)
  }
  await sql`INSERT INTO waitlist_referrals (referred_id, referrer_id, state, created_at, decided_at) VALUES (9, 8, 'credited', ${at(9)}, ${at(9)})`.execute(
    on,
  )
  await on
    .insertInto("waitlist_line")
    .columns(["entry_id", "arrival", "credited", "last_credit", "line_key", "place"])
    .expression(
      on
        .selectFrom(places(on, 5).as("p"))
        .select(["entry_id", "arrival", "credited", "last_credit", "line_key", "place"]),
    )
    .execute()
  await on.insertInto("waitlist_counters").values({ name: "line_boost", value: 5 }).execute()
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0020 on a $store waitlist of the version before it", ({ settings }) => {
  it("keeps the line as it was, and the next departure leaves a gap that every place then counts", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      const everyPlace = () =>
        db.read(async (on) => {
          const found = []
          for (let id = 1; id <= 9; id += 1) found.push(await placeOf(on, id, 5))
          return found
        })
      // The eighth, credited once, stands ahead of the third (8 - 5 = 3, a credit first among equals).
      expect(await everyPlace()).toEqual([1, 2, 4, 5, 6, 7, 8, 3, 9])
      // The start finds the line kept for its boost and leaves it as it is.
      await keepLineFor(db, 5)
      const stored = () =>
        db.read((on) => on.selectFrom("waitlist_line").select(["entry_id", "place"]).orderBy("entry_id").execute())
      const before = await stored()
      await db.write(async (trx) => {
        await departFromLine(db, trx, 2)
        await trx.deleteFrom("waitlist_entries").where("id", "=", 2).execute()
      })
      expect(await db.read((on) => on.selectFrom("waitlist_line_gaps").select(["arrival", "place"]).execute())).toEqual(
        [{ arrival: 2, place: 2 }],
      )
      // Nobody's row was written for it, but everyone behind is a place further up, as the rule numbers them.
      expect(await stored()).toEqual(before.filter((row) => Number(row.entry_id) !== 2))
      expect(await everyPlace()).toEqual([1, null, 3, 4, 5, 6, 7, 2, 8])
      const walked = await db.read((on) =>
        on.selectFrom(places(on, 5).as("p")).select(["p.entry_id", "p.place"]).orderBy("p.entry_id").execute(),
      )
      expect(walked.map((row) => Number(row.place))).toEqual([1, 3, 4, 5, 6, 7, 2, 8])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
