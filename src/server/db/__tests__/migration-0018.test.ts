/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { EVERY_MIGRATION, migratedTo, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { reasonsOf } from "../../referrals/referral-reasons"
import { rewardsOfEntry } from "../../rewards/reward-queries"
import type { StoreSettings } from "../../settings"
import { openDb } from "../db"

const stores = useThrowawayStores("rewards-migration-")
const AT = "2026-11-20T09:00:00.000Z"

/** A waitlist as the version before 0018 left it (0017 the last applied): Ana confirmed, Ben referred by her from a network and credited, a wave of an announcement sent. */
async function previousVersion(settings: StoreSettings) {
  const dialect = await migratedTo(settings, "0017-days-within-their-caps")
  const on = dialect.kysely
  for (const [id, name, code] of [
    [1, "ana", "AnaCode1"],
    [2, "ben", "BenCode2"],
  ] as const) {
    const address = `${name}@example.com`
    await sql`INSERT INTO waitlist_entries (id, name, email, email_key, created_at, updated_at, confirmed_at, referral_code) VALUES (${id}, ${name}, ${address}, ${address}, ${AT}, ${AT}, ${AT}, ${code})`.execute(
      on,
    )
  }
  await sql`INSERT INTO waitlist_referrals (referred_id, referrer_id, state, created_at, decided_at) VALUES (2, 1, 'credited', ${AT}, ${AT})`.execute(
    on,
  )
  await sql`INSERT INTO waitlist_referral_networks (referred_id, prefix, network) VALUES (2, 'client', 'hash')`.execute(
    on,
  )
  await sql`INSERT INTO waitlist_announcements (id, slug, content, state, created_at) VALUES (1, 'launch', '{}', 'sending', ${AT})`.execute(
    on,
  )
  await sql`INSERT INTO waitlist_announcement_waves (announcement_id, sent_at, first_places, lang, platform, queued) VALUES (1, ${AT}, 100, NULL, 'ios', 2)`.execute(
    on,
  )
  await dialect.close()
}

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("migration 0018 on a $store waitlist of the version before it", ({ settings }) => {
  it("keeps every referral and wave as it was, with no network, reason or reward, and takes rewards from then on", async () => {
    const location = await settings()
    await previousVersion(location)
    const db = openDb(location)
    try {
      expect(
        await db.read((on) =>
          on.selectFrom("waitlist_referrals").select(["referred_id", "state", "network"]).execute(),
        ),
      ).toEqual([{ referred_id: 2, state: "credited", network: null }])
      expect(await db.read((on) => on.selectFrom("waitlist_referral_networks").selectAll().execute())).toEqual([
        { referred_id: 2, prefix: "client", network: "hash" },
      ])
      expect(await db.read((on) => reasonsOf(on, [2]))).toEqual(new Map())
      expect(
        await db.read((on) => on.selectFrom("waitlist_announcement_waves").select(["platform", "rewarded"]).execute()),
      ).toEqual([{ platform: "ios", rewarded: null }])
      expect(
        await db.read((on) => on.selectFrom("waitlist_entries").select("code_platform").orderBy("id").execute()),
      ).toEqual([{ code_platform: null }, { code_platform: null }])
      await db.write((trx) =>
        trx
          .insertInto("waitlist_rewards")
          .values({ entry_id: 1, tier: "early-access", state: "paid", earned_at: AT, paid_at: AT })
          .execute(),
      )
      await expect(
        db.write((trx) =>
          trx
            .insertInto("waitlist_rewards")
            .values({ entry_id: 1, tier: "early-access", state: "waiting", earned_at: AT })
            .execute(),
        ),
      ).rejects.toThrow()
      expect(await db.read((on) => rewardsOfEntry(on, 1))).toEqual([
        expect.objectContaining({ tier: "early-access", state: "paid", code: null }),
      ])
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    } finally {
      await db.close()
    }
  })
})
