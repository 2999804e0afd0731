/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { migratedTo } from "../../../../test/support/migrations-recorded"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { placeOf } from "../../referrals/line"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"

const stores = useThrowawayStores("referral-migration-")

const AT = (minute: number) => `2026-11-20T09:0${minute}:00.000Z`

/** A waitlist as the version before 0011 left it: Ana and Ben confirmed (Ben first), Cleo not. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0008-bounces-in-one-place")
  for (const [id, name, confirmedAt] of [
    [1, "ana", AT(5)],
    [2, "ben", AT(3)],
    [3, "cleo", null],
  ] as const) {
    const address = `${name}@example.com`
    await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at, confirmed_at) VALUES (${id}, ${name}, ${address}, ${address}, ${AT(1)}, ${AT(1)}, ${confirmedAt})`.execute(
      dialect.kysely,
    )
  }
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0011 on a $store waitlist of the version before it", ({ settings }) => {
  it("gives every confirmed entry a personal code and a place by when it confirmed, and the others neither", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      const rows = await db.read((on) =>
        on.selectFrom("waitlist_entries").select(["id", "referral_code"]).orderBy("id").execute(),
      )
      expect(rows.map((row) => row.referral_code)).toEqual([
        expect.stringMatching(/^[A-Za-z\d]{8}$/),
        expect.stringMatching(/^[A-Za-z\d]{8}$/),
        null,
      ])
      expect(
        await db.read(async (on) => [await placeOf(on, 1, 5), await placeOf(on, 2, 5), await placeOf(on, 3, 5)]),
      ).toEqual([2, 1, null])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
