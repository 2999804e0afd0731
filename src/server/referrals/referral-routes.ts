/**
 * The routes of personal links: `GET /r/<code>`, which sends a friend to
 * the landing page with the code in its address (no cookie: the contact
 * form's island reads it from there), and the place page opened by the
 * signed links of our mails.
 */
import type { Request, RequestHandler, Response } from "express"
import { DEFAULT_LANGUAGE, isLanguageCode, localizedPath, type LanguageCode } from "../../i18n/languages"
import { isReferralCode, PERSONAL_LINK_SOURCE } from "../../waitlist/referral-code"
import type { Db, On } from "../db/db"
import { pathParam, queryParam } from "../http/answers"
import type { Logger } from "../observability/logger"
import { isPlaceSignature, personalLink, placeLink } from "./place-link"
import { placePage, type RewardsView } from "./place-page"
import { placeOf, referralTally, referrerOfCode } from "./referral-queries"

/** What the routes of personal links work with; `rewardsOf` gives the rewards' part of a person's place page (see rewardsViewOf). */
export type ReferralDeps = {
  db: Db
  log: Logger
  siteUrl: string
  boost: number
  rewardsOf: (on: On, entry: { id: number; lang: LanguageCode; credited: number }) => Promise<RewardsView | null>
}

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }
const redirect = (res: Response, to: string) =>
  void res.writeHead(303, { ...NO_STORE, Location: to, "Content-Length": "0" }).end()

/** The handlers of personal links (`/r/:code`; a path that names no code, the home page) and the place page. */
export function referralRoutes({ db, log, siteUrl, boost, rewardsOf }: ReferralDeps): {
  personalLink: RequestHandler
  noSuchCode: RequestHandler
  placePage: RequestHandler
} {
  const expired = (req: Request) => {
    const lang = queryParam(req, "lang")
    return localizedPath(isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE, "/waitlist/link-expired/")
  }

  const personal: RequestHandler = (req, res) => {
    const code = pathParam(req, "code")
    const landing = (lang: string | null) =>
      `${localizedPath(isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE, "/")}?ref=${code}&utm_source=${PERSONAL_LINK_SOURCE}`
    if (!isReferralCode(code)) return redirect(res, "/")
    db.read((on) =>
      on.selectFrom("waitlist_entries").select("lang").where("referral_code", "=", code).executeTakeFirst(),
    )
      .then((row) => redirect(res, row ? landing(row.lang) : "/"))
      .catch((error: unknown) => {
        // The landing page in English still carries the code: the credit is decided when the friend signs up.
        log.warn(
          { reqId: res.locals.requestId, cause: String(error) },
          "referrals: a personal link's language could not be read",
        )
        redirect(res, landing(null))
      })
  }

  const place: RequestHandler = async (req, res) => {
    const code = queryParam(req, "code")
    const signature = queryParam(req, "sig") ?? ""
    if (!isReferralCode(code) || signature.length > 64) return redirect(res, expired(req))
    const asked = queryParam(req, "lang")
    const view = await db.read(async (on) => {
      if (!isPlaceSignature(db, code, signature)) return null
      const entry = await referrerOfCode(on, code)
      if (!entry) return null
      const [placeNow, tally] = [await placeOf(on, entry.id, boost), await referralTally(on, entry.id)]
      if (placeNow === null) return null
      const lang = isLanguageCode(asked) ? asked : isLanguageCode(entry.lang) ? entry.lang : DEFAULT_LANGUAGE
      const rewards = await rewardsOf(on, { id: entry.id, lang, credited: tally.credited })
      return { place: placeNow, ...tally, lang, rewards, signedLink: placeLink(db, code, lang) }
    })
    if (!view) return redirect(res, expired(req))
    const html = Buffer.from(placePage({ ...view, boost, link: personalLink(siteUrl, code) }))
    res
      .writeHead(200, {
        ...NO_STORE,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(html.length),
      })
      .end(html)
  }

  return { personalLink: personal, noSuchCode: (_req, res) => redirect(res, "/"), placePage: place }
}
