/** GET /api/admin/rewards: the tiers of the rewards' file, what is wrong with it, and where the rewards stand per tier and store. */
import type { RequestHandler } from "express"
import type { RewardsAnswer } from "../../admin-api/referrals"
import type { Db } from "../db/db"
import { sendJson } from "../http/answers"
import { rewardStatus } from "./reward-status"
import { rewardTiers } from "./reward-tiers"

export function rewardsAdminRoute({ db, rewardsFile }: { db: Db; rewardsFile: string }): RequestHandler {
  return async (_req, res) => {
    const tiers = rewardTiers(rewardsFile)
    const answer: RewardsAnswer = {
      tiers: tiers.tiers,
      problems: tiers.problems,
      status: tiers.problems.length > 0 ? [] : await rewardStatus(db, tiers),
    }
    sendJson(res, 200, answer)
  }
}
