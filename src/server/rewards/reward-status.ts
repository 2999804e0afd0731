/**
 * Where the rewards stand, per tier and store, as `rewards status` prints
 * them: earned, paid, waiting (for a code, or for their person to choose a
 * store), held for the team's review, and the codes left in each pool.
 */
import type { Db } from "../db/db"
import { storeOf } from "./reward-payment"
import { STORES, type RewardState, type Store } from "./reward-queries"
import type { RewardTiers } from "./reward-tiers"
import type { RewardStatusLine } from "../../admin-api/referrals"

/** One line of the status (see RewardStatusLine). */
export type StatusLine = RewardStatusLine

/** The status of every tier of the file (and of tiers no longer in it that were earned). */
export function rewardStatus(db: Db, tiers: RewardTiers): Promise<StatusLine[]> {
  return db.read(async (on) => {
    const rewards = await on
      .selectFrom("waitlist_rewards as w")
      .innerJoin("waitlist_entries as e", "e.id", "w.entry_id")
      .select(["w.tier", "w.state", "w.platform", "e.id", "e.code_platform"])
      .execute()
    const pools = await on
      .selectFrom("waitlist_reward_codes")
      .select((eb) => ["tier", "platform", eb.fn.countAll<number>().as("n")])
      .where("given_at", "is", null)
      .groupBy(["tier", "platform"])
      .execute()
    const withCodes = new Set(tiers.tiers.filter((tier) => tier.codes).map((tier) => tier.name))
    const lines = new Map<string, StatusLine>()
    const line = (tier: string, store: Store | null) => {
      const key = `${tier} ${store ?? ""}`
      const found = lines.get(key) ?? {
        tier,
        store,
        earned: 0,
        paid: 0,
        waiting: 0,
        held: 0,
        codesLeft:
          withCodes.has(tier) && store
            ? Number(pools.find((pool) => pool.tier === tier && pool.platform === store)?.n ?? 0)
            : null,
      }
      lines.set(key, found)
      return found
    }
    for (const tier of tiers.tiers) for (const store of tier.codes ? STORES : [null]) line(tier.name, store)
    for (const reward of rewards) {
      const store = !withCodes.has(reward.tier)
        ? null
        : reward.state === "paid"
          ? (reward.platform as Store | null)
          : await storeOf(on, { id: Number(reward.id), code_platform: reward.code_platform })
      const counted = line(reward.tier, store)
      counted.earned += 1
      counted[reward.state as RewardState] += 1
    }
    return [...lines.values()]
  })
}
