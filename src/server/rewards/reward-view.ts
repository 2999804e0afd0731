/**
 * What a person's place page shows of rewards, honestly and without a
 * word of any reason: the tiers they earned (a code once given, on its
 * way while it waits, the question of their store when it is unknown),
 * and the next tier with how many more friends it needs.
 */
import type { LanguageCode } from "../../i18n/languages"
import type { RewardsView } from "../../waitlist/place-view"
import type { On } from "../db/db"
import { redeemUrl } from "./reward-mail"
import { storeOf } from "./reward-payment"
import { rewardsOfEntry } from "./reward-queries"
import { rewardTiers } from "./reward-tiers"

/**
 * A person's rewards as their place page shows them in a language; null
 * when there are no tiers (or the file has problems: nothing is shown
 * rather than something wrong).
 * @param credited the person's credited friends, as the page counts them
 */
export async function rewardsViewOf(
  on: On,
  file: string,
  entry: { id: number; lang: LanguageCode; credited: number },
): Promise<RewardsView | null> {
  const tiers = rewardTiers(file)
  if (tiers.problems.length > 0 || tiers.tiers.length === 0) return null
  const words = tiers.words[entry.lang]
  const rewards = await rewardsOfEntry(on, entry.id)
  const row = await on
    .selectFrom("waitlist_entries")
    .select(["id", "code_platform"])
    .where("id", "=", entry.id)
    .executeTakeFirstOrThrow()
  const store = await storeOf(on, row)
  const earned = tiers.tiers.flatMap((tier) => {
    const reward = rewards.find((found) => found.tier === tier.name)
    const said = words[tier.name]
    if (!reward || !said) return []
    const code = reward.code && reward.platform ? { value: reward.code, store: reward.platform } : null
    const state =
      reward.state === "paid"
        ? ("yours" as const)
        : tier.codes && store === null
          ? ("choose-store" as const)
          : ("on-its-way" as const)
    return [{ ...said, state, code: code && { ...code, redeemUrl: redeemUrl(code) } }]
  })
  const next = tiers.tiers.find((tier) => !rewards.some((reward) => reward.tier === tier.name))
  const nextWords = next && words[next.name]
  return {
    earned,
    next: next && nextWords ? { title: nextWords.title, more: Math.max(0, next.friends - entry.credited) } : null,
    askStore: earned.some((line) => line.state === "choose-store"),
  }
}
