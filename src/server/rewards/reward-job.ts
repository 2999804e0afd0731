/**
 * The periodic work of rewards, in the order it must happen: credits
 * withdrawn from friends whose address hard-bounced or who complained,
 * rewards kept in step with the team's decisions, tiers awarded to whoever
 * earned them since, and waiting rewards paid. Every step is written so
 * that two instances running it at once award and pay each reward once.
 */
import type { Db } from "../db/db"
import type { Logger } from "../observability/logger"
import type { DeliveryKind } from "../outbox/deliveries"
import { withdrawCredits } from "../referrals/referral-upkeep"
import type { Job } from "../scheduler"
import type { MailSettings, RewardSettings } from "../settings"
import { payWaitingRewards } from "./reward-payment"
import { awardEarnedTiers, reconcileRewards } from "./reward-queries"
import { rewardTiers } from "./reward-tiers"

/** How often the rewards' work runs: a reward is paid within this long of its hold's end. */
export const REWARDS_EVERY_MS = 10_000

/** What the rewards' work needs. */
export type RewardWork = {
  db: Db
  rewards: RewardSettings
  mail: MailSettings
  log: Logger
  /** Tells the outbox's worker that mails were queued. */
  queued: (kinds: readonly DeliveryKind[]) => void
}

/** One run of the rewards' work (the job's; tests call it with the clock they move). */
export async function runRewards({ db, rewards, mail, log, queued }: RewardWork, now: Date): Promise<void> {
  const withdrawn = await withdrawCredits(db, now)
  if (withdrawn.length > 0)
    log.info({ referrals: withdrawn.length }, "rewards: credits withdrawn after a hard bounce or a complaint")
  await reconcileRewards(db, now)
  const tiers = rewardTiers(rewards.file)
  if (tiers.problems.length > 0) throw new Error(`the rewards' file has problems:\n${tiers.problems.join("\n")}`)
  const awarded = await awardEarnedTiers(db, tiers.tiers, rewards.holdMs, now)
  if (awarded.length > 0) log.info({ rewards: awarded.length }, "rewards: tiers awarded")
  const paid = await payWaitingRewards(db, tiers, mail, now)
  if ([...paid.values()].some((payment) => payment === "paid" || payment === "no-code"))
    queued(["reward", "reward-alert"])
}

/** The job of the scheduler: a file with problems is logged when it starts failing, and rewards wait until it is fixed. */
export const rewardsJob = (work: RewardWork): Job => ({
  name: "rewards: withdraw credits of bounced friends, award the tiers earned, pay them",
  everyMs: REWARDS_EVERY_MS,
  run: (now) => runRewards(work, now),
})
