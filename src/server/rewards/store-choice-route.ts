/**
 * POST on the place page's own signed address (`/api/waitlist-place?code=
 * …&sig=…`), from its small form, no script needed: the store a person's
 * codes are for, when their sign-up did not tell. Their waiting rewards
 * are paid at once, and the page shows the code.
 */
import type { Request, RequestHandler, Response } from "express"
import { DEFAULT_LANGUAGE, isLanguageCode, localizedPath } from "../../i18n/languages"
import { isReferralCode } from "../../waitlist/referral-code"
import type { Db } from "../db/db"
import { queryParam } from "../http/answers"
import type { DeliveryKind } from "../outbox/deliveries"
import { isPlaceSignature, placeLink } from "../referrals/place-link"
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
  queued: (kinds: readonly DeliveryKind[]) => void
}

const redirect = (res: Response, to: string) =>
  void res
    .writeHead(303, {
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      Location: to,
      "Content-Length": "0",
    })
    .end()

/** The store a form's body names (`platform=ios`), or null. */
function storeIn(req: Request) {
  const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
  const platform = new URLSearchParams(body).get("platform")
  return isStore(platform) ? platform : null
}

/** The handler of the place page's form. A link that is not the person's leads to the page that says it expired. */
export function storeChoiceRoute({ db, mail, rewardsFile, now, queued }: StoreChoiceDeps): RequestHandler {
  return async (req, res) => {
    const code = queryParam(req, "code")
    const signature = queryParam(req, "sig") ?? ""
    const asked = queryParam(req, "lang")
    const lang = isLanguageCode(asked) ? asked : DEFAULT_LANGUAGE
    const expired = localizedPath(lang, "/waitlist/link-expired/")
    if (!isReferralCode(code) || signature.length > 64) return redirect(res, expired)
    const store = storeIn(req)
    const entry = await db.read(async (on) =>
      isPlaceSignature(db, code, signature) ? await referrerOfCode(on, code) : undefined,
    )
    if (!entry) return redirect(res, expired)
    if (store) {
      await db.write((trx) =>
        trx.updateTable("waitlist_entries").set({ code_platform: store }).where("id", "=", entry.id).execute(),
      )
      const paid = await payWaitingRewards(db, rewardTiers(rewardsFile), mail, now(), entry.id)
      if (paid.size > 0) queued(["reward", "reward-alert"])
    }
    redirect(res, placeLink(db, code, isLanguageCode(asked) ? asked : ""))
  }
}
