/**
 * The periodic work of referrals: a credit withdrawn when its friend's
 * address hard-bounced or its friend complained (held for the team's
 * review with that reason, which once decided never holds it again), and
 * the networks referrals came from forgotten 30 days after the sign-up.
 */
import { sql } from "kysely"
import type { Db } from "../db/db"
import { storedTime, toDate } from "../db/schema"
import { creditsChanged } from "./line"
import { recordReasons } from "./referral-reasons"
import type { ReasonName } from "./referral-rules"

/** How long the networks of a referral are kept: its /24 or /48 shown to the team, and the keyed hashes its bursts are counted by. */
export const NETWORKS_KEPT_MS = 30 * 24 * 60 * 60 * 1000

/** The reason of a suppression that withdraws a credit. */
const WITHDRAWN_BY: Record<string, ReasonName> = { "hard bounce": "hard-bounce", complaint: "complaint" }

/**
 * Withdraws the credit of each credited friend whose address is
 * suppressed for a hard bounce or a complaint (by the delivery that
 * suppressed it): the referral is held with the reason, unless the team
 * decided that reason for it already, and its referrer moves back in the
 * line kept (written anew).
 * @returns the referrals held now, by the referred entry's id
 */
export async function withdrawCredits(db: Db, now: Date): Promise<number[]> {
  const found = await db.read((on) =>
    on
      .selectFrom("waitlist_suppressions as s")
      .innerJoin("waitlist_outbox as o", "o.id", "s.delivery_id")
      .innerJoin("waitlist_referrals as r", "r.referred_id", "o.entry_id")
      .select(["r.referred_id", "s.reason", "s.suppressed_at"])
      .where("s.lifted_at", "is", null)
      .where("s.reason", "in", Object.keys(WITHDRAWN_BY))
      .where("r.state", "=", "credited")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("waitlist_referral_reasons as x")
              .select("x.referred_id")
              .whereRef("x.referred_id", "=", "r.referred_id")
              .where(
                "x.reason",
                "=",
                sql<string>`CASE s.reason WHEN 'hard bounce' THEN 'hard-bounce' ELSE 'complaint' END`,
              ),
          ),
        ),
      )
      .limit(500)
      .execute(),
  )
  const held: number[] = []
  for (const row of found) {
    const referredId = Number(row.referred_id)
    const name = WITHDRAWN_BY[row.reason]
    if (!name) continue
    const withdrawn = await db.write(async (trx) => {
      const added = await recordReasons(
        trx,
        referredId,
        [{ name, evidence: { at: toDate(row.suppressed_at).toISOString() } }],
        now,
      )
      if (added.length === 0) return false
      const updated = await trx
        .updateTable("waitlist_referrals")
        .set({ state: "held" })
        .where("referred_id", "=", referredId)
        .where("state", "=", "credited")
        .returning("referrer_id")
        .executeTakeFirst()
      if (!updated) return false
      await creditsChanged(db, trx, updated.referrer_id)
      return true
    })
    if (withdrawn) held.push(referredId)
  }
  return held
}

/** Forgets the networks of referrals signed up more than NETWORKS_KEPT_MS ago: their /24 or /48, and their keyed hashes. */
export async function forgetOldNetworks(db: Db, now: Date): Promise<void> {
  const before = storedTime(new Date(now.getTime() - NETWORKS_KEPT_MS))
  await db.write(async (trx) => {
    await trx
      .updateTable("waitlist_referrals")
      .set({ network: null })
      .where("created_at", "<", before)
      .where("network", "is not", null)
      .execute()
    await trx
      .deleteFrom("waitlist_referral_networks")
      .where("referred_id", "in", (eb) =>
        eb.selectFrom("waitlist_referrals").select("referred_id").where("created_at", "<", before),
      )
      .execute()
  })
}
