/**
 * Rewards in the store: a tier awarded once per person and tier (the
 * table's unique key, so two instances award it once), with the referrals
 * that earned it; kept in step with those referrals as the team decides
 * them; and what a person, a send and the team read of them.
 */
import { addressHash } from "../addresses/address-hash"
import { suppressionsInForce } from "../bounces/suppressions"
import type { Db, On } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"
import type { Tier } from "./reward-tiers"

/** Where a reward stands: earned and not paid yet (no code for it yet, or its platform unknown), paid (its mail queued, its code given), or held for the team's review (a credit behind it was withdrawn). */
export type RewardState = "waiting" | "paid" | "held"

/** The stores a code is for. */
export const STORES = ["ios", "android"] as const
export type Store = (typeof STORES)[number]
export const isStore = (value: unknown): value is Store => value === "ios" || value === "android"

/** A person's reward as their place page and their data show it. */
export type RewardOfPerson = {
  tier: string
  state: RewardState
  earnedAt: Date
  paidAt: Date | null
  platform: Store | null
  code: string | null
}

/**
 * The referrals of a referrer that count toward a tier at `cutoff`: each
 * credited at least the hold before it, its person confirmed, its address
 * not suppressed (an erased one is gone with its referral). Oldest credit
 * first.
 */
async function countingReferrals(db: Db, on: On, referrerId: number, cutoff: Date): Promise<number[]> {
  const rows = await on
    .selectFrom("waitlist_referrals as r")
    .innerJoin("waitlist_entries as e", "e.id", "r.referred_id")
    .select(["r.referred_id", "e.email"])
    .where("r.referrer_id", "=", referrerId)
    .where("r.state", "=", "credited")
    .where("r.decided_at", "<=", storedTime(cutoff))
    .where("e.confirmed_at", "is not", null)
    .orderBy("r.decided_at")
    .orderBy("r.referred_id")
    .limit(20_000)
    .execute()
  const hashes = rows.map((row) => addressHash(db, row.email))
  const suppressed = await suppressionsInForce(on, hashes)
  return rows.filter((_row, i) => !suppressed.has(hashes[i] ?? "")).map((row) => Number(row.referred_id))
}

/** Referrers with at least a tier's friends credited before `cutoff` and no reward of it yet: who may have earned it (a page of them). */
const candidates = (on: On, tier: Tier, cutoff: Date) =>
  on
    .selectFrom("waitlist_referrals as r")
    .select("r.referrer_id")
    .where("r.state", "=", "credited")
    .where("r.decided_at", "<=", storedTime(cutoff))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("waitlist_rewards as w")
            .select("w.id")
            .whereRef("w.entry_id", "=", "r.referrer_id")
            .where("w.tier", "=", tier.name),
        ),
      ),
    )
    .groupBy("r.referrer_id")
    .having((eb) => eb.fn.countAll(), ">=", tier.friends)
    .orderBy("r.referrer_id")
    .limit(500)
    .execute()

/**
 * Awards each tier to everyone who has earned it now: that many referrals
 * counting (see countingReferrals) `holdMs` after their credit. The award
 * waits to be paid (see payWaitingRewards) and keeps the referrals that
 * earned it. Under the referrer's lock, and once per person and tier
 * whatever the instances.
 * @returns the rewards awarded, by id
 */
export async function awardEarnedTiers(db: Db, tiers: readonly Tier[], holdMs: number, now: Date): Promise<number[]> {
  const cutoff = new Date(now.getTime() - holdMs)
  const awarded: number[] = []
  for (const tier of tiers) {
    for (const { referrer_id: referrerId } of await db.read((on) => candidates(on, tier, cutoff))) {
      const id = await db.write(async (trx) => {
        await db.lock(trx, `referrer:${referrerId}`)
        const counting = await countingReferrals(db, trx, referrerId, cutoff)
        if (counting.length < tier.friends) return null
        const inserted = await trx
          .insertInto("waitlist_rewards")
          .values({ entry_id: referrerId, tier: tier.name, state: "waiting", earned_at: storedTime(now) })
          .onConflict((conflict) => conflict.columns(["entry_id", "tier"]).doNothing())
          .returning("id")
          .executeTakeFirst()
        if (!inserted) return null
        await trx
          .insertInto("waitlist_reward_referrals")
          .values(
            counting.slice(0, tier.friends).map((referredId) => ({ reward_id: inserted.id, referred_id: referredId })),
          )
          .execute()
        return Number(inserted.id)
      })
      if (id !== null) awarded.push(id)
    }
  }
  return awarded
}

/** The rewards in a state with a linked referral in one of `states`. */
const rewardsWithReferralIn = (on: On, rewardStates: RewardState[], referralStates: string[]) =>
  on
    .selectFrom("waitlist_rewards as w")
    .select("w.id")
    .where("w.state", "in", rewardStates)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("waitlist_reward_referrals as l")
          .innerJoin("waitlist_referrals as r", "r.referred_id", "l.referred_id")
          .select("l.reward_id")
          .whereRef("l.reward_id", "=", "w.id")
          .where("r.state", "in", referralStates),
      ),
    )

/**
 * Keeps rewards in step with the referrals that earned them: an unpaid
 * one whose credit was withdrawn is held for review, and let go again
 * once the team credits it; an unpaid one whose referral the team refused
 * is taken back (it is awarded again if other referrals earn it); a paid
 * one stays paid and is marked.
 */
export async function reconcileRewards(db: Db, now: Date): Promise<void> {
  await db.write(async (trx) => {
    await trx
      .deleteFrom("waitlist_rewards")
      .where("id", "in", rewardsWithReferralIn(trx, ["waiting", "held"], ["refused"]))
      .execute()
    await trx
      .updateTable("waitlist_rewards")
      .set({ state: "held" })
      .where("id", "in", rewardsWithReferralIn(trx, ["waiting"], ["held", "pending"]))
      .execute()
    await trx
      .updateTable("waitlist_rewards")
      .set({ state: "waiting" })
      .where("state", "=", "held")
      .where("id", "not in", rewardsWithReferralIn(trx, ["held"], ["held", "pending", "refused"]))
      .execute()
    await trx
      .updateTable("waitlist_rewards")
      .set({ marked_at: storedTime(now) })
      .where("marked_at", "is", null)
      .where("id", "in", rewardsWithReferralIn(trx, ["paid"], ["held", "pending", "refused"]))
      .execute()
  })
}

/** The entries that earned a tier and are not held for review: whom a send `--rewarded <tier>` goes to. */
export const earnersOf = (on: On, tier: string) =>
  on.selectFrom("waitlist_rewards").select("entry_id").where("tier", "=", tier).where("state", "!=", "held")

/** A person's rewards, in the order they earned them, each with its code once given. */
export async function rewardsOfEntry(on: On, entryId: number): Promise<RewardOfPerson[]> {
  const rows = await on
    .selectFrom("waitlist_rewards as w")
    .leftJoin("waitlist_reward_codes as c", "c.reward_id", "w.id")
    .select(["w.tier", "w.state", "w.earned_at", "w.paid_at", "w.platform", "c.code"])
    .where("w.entry_id", "=", entryId)
    .orderBy("w.earned_at")
    .orderBy("w.id")
    .execute()
  return rows.map((row) => ({
    tier: row.tier,
    state: row.state as RewardState,
    earnedAt: toDate(row.earned_at),
    paidAt: toDateOrNull(row.paid_at),
    platform: isStore(row.platform) ? row.platform : null,
    code: row.code ?? null,
  }))
}
