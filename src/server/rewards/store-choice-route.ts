/**
 * POST `/api/waitlist-place/store?code=…&sig=…` `{"platform": "ios" |
 * "android"}`, from the place page's island: the store a person's codes
 * are for, when their sign-up did not tell. Their waiting rewards are paid
 * at once, and the island reads the page's data again to show the code.
 */
import type { RequestHandler } from "express"
import { isReferralCode } from "../../waitlist/referral-code"
import type { Db } from "../db/db"
import { queryParam, sendJson } from "../http/answers"
import { readJson } from "../http/json-body"
import type { DeliveryKind } from "../outbox/deliveries"
import {
  isPlaceSignature,
  LINK_OPENS_NOTHING,
  PERSONAL_HEADERS as PERSONAL,
  refusedPastLinkLimit,
} from "../referrals/place-link"
import type { LinkRateLimit } from "../rate-limits/link-rate-limit"
import { referrerOfCode } from "../referrals/referral-queries"
import type { MailSettings } from "../settings"
import { payWaitingRewards } from "./reward-payment"
import { isStore } from "./reward-queries"
import { rewardTiers } from "./reward-tiers"

/** What the route works with. */
export type StoreChoiceDeps = {
  db: Db
  mail: MailSettings
  rewardsFile: string
  now: () => Date
  retryAfterOf: LinkRateLimit
  queued: (kinds: readonly DeliveryKind[]) => void
}

/** The store a body names (`{"platform": "ios"}`), or null; the body is an object of one text (depth 2). */
function storeIn(req: Parameters<RequestHandler>[0]) {
  const json = readJson(req, 2)
  const value = "value" in json ? json.value : null
  const platform = typeof value === "object" && value !== null ? (value as Record<string, unknown>).platform : null
  return isStore(platform) ? platform : null
}

/** The handler of the place page's question of the store: 404 for a link that is not the person's, 422 for no store, 429 past the client's limit of links. */
export function storeChoiceRoute({
  db,
  mail,
  rewardsFile,
  now,
  retryAfterOf,
  queued,
}: StoreChoiceDeps): RequestHandler {
  return async (req, res) => {
    if (await refusedPastLinkLimit(retryAfterOf, res)) return
    const code = queryParam(req, "code")
    const signature = queryParam(req, "sig") ?? ""
    const entry =
      isReferralCode(code) && signature.length <= 64
        ? await db.read(async (on) =>
            isPlaceSignature(db, code, signature) ? await referrerOfCode(on, code) : undefined,
          )
        : undefined
    if (!entry) return sendJson(res, 404, { error: LINK_OPENS_NOTHING }, PERSONAL)
    const store = storeIn(req)
    if (!store)
      return sendJson(
        res,
        422,
        {
          error: 'Send the store as JSON: {"platform": "ios"} or {"platform": "android"}.',
          fields: { platform: "ios or android" },
        },
        PERSONAL,
      )
    await db.write((trx) =>
      trx.updateTable("waitlist_entries").set({ code_platform: store }).where("id", "=", entry.id).execute(),
    )
    const paid = await payWaitingRewards(db, rewardTiers(rewardsFile), mail, now(), entry.id)
    if (paid.size > 0) queued(["reward", "reward-alert"])
    sendJson(res, 200, { platform: store }, PERSONAL)
  }
}
