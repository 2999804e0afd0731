/**
 * The routes of personal links: `GET /r/<code>`, which sends a friend to
 * the landing page with the code in its address (no cookie: the contact
 * form's island reads it from there); the data of a place page (its
 * rewards in the page's language), which the page (built like every page)
 * asks for with its signed link; and the place page's old address, which
 * mails already sent carry. All are limited per client, as the form is
 * (counted in the store, so instances limit like one): past the limit, a
 * 429 with Retry-After, so codes cannot be guessed at speed.
 */
import type { Request, RequestHandler, Response } from "express"
import { DEFAULT_LANGUAGE, isLanguageCode, localizedPath, type LanguageCode } from "../../i18n/languages"
import { PLACE_PAGE_PATH, type PlaceView, type RewardsView } from "../../waitlist/place-view"
import { isReferralCode, PERSONAL_LINK_SOURCE } from "../../waitlist/referral-code"
import type { Db, On } from "../db/db"
import { pathParam, queryParam, sendJson } from "../http/answers"
import type { Logger } from "../observability/logger"
import {
  isPlaceSignature,
  LINK_OPENS_NOTHING,
  PERSONAL_HEADERS as PERSONAL,
  personalLink,
  refusedPastLinkLimit,
} from "./place-link"
import { slowDownPage } from "./slow-down-page"
import type { LinkRateLimit } from "../rate-limits/link-rate-limit"
import { referralTally, referrerOfCode } from "./referral-queries"
import { placeOf } from "./line"

/**
 * What the routes of personal links work with: `retryAfterOf` their
 * client's limit (see linkRateLimit); `rewardsOf` gives the rewards' part
 * of a person's place page (see rewardsViewOf).
 */
export type ReferralDeps = {
  db: Db
  log: Logger
  siteUrl: string
  boost: number
  retryAfterOf: LinkRateLimit
  rewardsOf: (on: On, entry: { id: number; lang: LanguageCode; credited: number }) => Promise<RewardsView | null>
}

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }
const redirect = (res: Response, to: string) =>
  void res.writeHead(303, { ...NO_STORE, Location: to, "Content-Length": "0" }).end()

/** The handlers of personal links (`/r/:code`; a path that names no code, the home page) and of the place page's data and old address. */
export function referralRoutes({ db, log, siteUrl, boost, retryAfterOf, rewardsOf }: ReferralDeps): {
  personalLink: RequestHandler
  noSuchCode: RequestHandler
  placeData: RequestHandler
  oldPlaceLink: RequestHandler
} {
  const expired = (req: Request) => {
    const lang = queryParam(req, "lang")
    return localizedPath(isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE, "/waitlist/link-expired/")
  }

  /** Past the client's limit, answers 429 with a page in the asked language and gives true. */
  const slowedDown = async (req: Request, res: Response): Promise<boolean> => {
    const retryAfter = await retryAfterOf(res)
    if (retryAfter === null) return false
    const lang = queryParam(req, "lang")
    const html = Buffer.from(slowDownPage(isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE))
    res
      .writeHead(429, {
        ...NO_STORE,
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(html.length),
        "Retry-After": String(retryAfter),
      })
      .end(html)
    return true
  }

  const personal: RequestHandler = async (req, res) => {
    const code = pathParam(req, "code")
    const landing = (lang: string | null) =>
      `${localizedPath(isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE, "/")}?ref=${code}&utm_source=${PERSONAL_LINK_SOURCE}`
    if (!isReferralCode(code)) return redirect(res, "/")
    if (await slowedDown(req, res)) return
    await db
      .read((on) =>
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

  /** The place of a signed link's person (its rewards in the asked language, else theirs), or null when the link opens nothing. */
  const placeOfLink = (req: Request) => {
    const code = queryParam(req, "code")
    const signature = queryParam(req, "sig") ?? ""
    const asked = queryParam(req, "lang")
    if (!isReferralCode(code) || signature.length > 64) return Promise.resolve(null)
    return db.read(async (on) => {
      if (!isPlaceSignature(db, code, signature)) return null
      const entry = await referrerOfCode(on, code)
      if (!entry) return null
      const [place, tally] = [await placeOf(on, entry.id, boost), await referralTally(on, entry.id)]
      if (place === null) return null
      const lang = isLanguageCode(asked) ? asked : isLanguageCode(entry.lang) ? entry.lang : DEFAULT_LANGUAGE
      const rewards = await rewardsOf(on, { id: entry.id, lang, credited: tally.credited })
      const view: PlaceView = { place, ...tally, boost, link: personalLink(siteUrl, code), rewards }
      return { view, code, signature, lang: entry.lang }
    })
  }

  const placeData: RequestHandler = async (req, res) => {
    if (await refusedPastLinkLimit(retryAfterOf, res)) return
    const found = await placeOfLink(req)
    if (!found) return sendJson(res, 404, { error: LINK_OPENS_NOTHING }, PERSONAL)
    sendJson(res, 200, found.view, PERSONAL)
  }

  const oldPlaceLink: RequestHandler = async (req, res) => {
    if (await slowedDown(req, res)) return
    const found = await placeOfLink(req)
    if (!found) return redirect(res, expired(req))
    const asked = queryParam(req, "lang")
    const lang = isLanguageCode(asked) ? asked : isLanguageCode(found.lang) ? found.lang : DEFAULT_LANGUAGE
    const query = new URLSearchParams({ code: found.code, sig: found.signature })
    redirect(res, `${localizedPath(lang, PLACE_PAGE_PATH)}?${query.toString()}`)
  }

  return { personalLink: personal, noSuchCode: (_req, res) => redirect(res, "/"), placeData, oldPlaceLink }
}
