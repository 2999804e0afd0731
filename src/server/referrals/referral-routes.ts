/**
 * The routes of personal links: `GET /r/<code>`, which sends a friend to
 * the landing page with the code in its address (no cookie: the contact
 * form's island reads it from there), and the place page opened by the
 * signed links of our mails.
 */
import type { Request, RequestHandler, Response } from "express"
import { DEFAULT_LANGUAGE, isLanguageCode, localizedPath } from "../../i18n/languages"
import { isReferralCode, PERSONAL_LINK_SOURCE } from "../../waitlist/referral-code"
import type { Db } from "../db/db"
import { pathParam, queryParam } from "../http/answers"
import type { Logger } from "../observability/logger"
import { isPlaceSignature, personalLink } from "./place-link"
import { placePage } from "./place-page"
import { placeOf, referralTally, referrerOfCode } from "./referral-queries"

/** What the routes of personal links work with. */
export type ReferralDeps = { db: Db; log: Logger; siteUrl: string; boost: number }

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }
const redirect = (res: Response, to: string) =>
  void res.writeHead(303, { ...NO_STORE, Location: to, "Content-Length": "0" }).end()

/** The handlers of personal links (`/r/:code`; a path that names no code, the home page) and the place page. */
export function referralRoutes({ db, log, siteUrl, boost }: ReferralDeps): {
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
    const view = await db.read(async (on) => {
      if (!isPlaceSignature(db, code, signature)) return null
      const entry = await referrerOfCode(on, code)
      if (!entry) return null
      const [placeNow, tally] = [await placeOf(on, entry.id, boost), await referralTally(on, entry.id)]
      return placeNow === null ? null : { place: placeNow, ...tally, lang: entry.lang }
    })
    if (!view) return redirect(res, expired(req))
    const asked = queryParam(req, "lang")
    const lang = isLanguageCode(asked) ? asked : isLanguageCode(view.lang) ? view.lang : DEFAULT_LANGUAGE
    const html = Buffer.from(
      placePage({
        lang,
        place: view.place,
        credited: view.credited,
        pending: view.pending,
        boost,
        link: personalLink(siteUrl, code),
      }),
    )
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
