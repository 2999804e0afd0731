/**
 * `/get`, one link for every device: a phone that names itself goes (302)
 * to its store with its campaign and is counted; a desktop, a crawler, or
 * anyone while the app is not live gets the built page with both stores.
 * Never cached, and varied by User-Agent, so no cache mixes the two answers.
 */
import type { IncomingHttpHeaders } from "http"
import type { RequestHandler } from "express"
import type { SiteFacts } from "../../config/site-facts"
import { DEFAULT_LANGUAGE, isLanguageCode } from "../../i18n/languages"
import { pathParam } from "../http/answers"
import { isBotAgent, MAX_QUERY_LENGTH, MAX_USER_AGENT_LENGTH } from "../visits/page-view"
import type { Platform, Store, StoreClickCounter } from "../visits/store-clicks"
import { clickOrigin } from "./click-origin"
import { platformOf, STORE_OF } from "./platform"
import { storeAddress } from "./store-address"

/** What the route needs. */
export type GetLinkParts = {
  facts: Pick<SiteFacts, "appLive" | "appStoreUrl" | "playStoreUrl" | "appStoreProviderToken">
  /** The site's own hosts: a referrer there is no source. The request's Host is one too. */
  ownHosts: readonly string[]
  /** Counts the redirects; null where nothing is counted (VISIT_COUNTING=0, `gatsby develop`). */
  clicks: StoreClickCounter | null
}

/** Whether the prefix of `/:lang/get` is a language of the site (English has none); undefined: `/get`. */
export const isGetLanguage = (lang: string | undefined): boolean =>
  lang === undefined || (lang !== DEFAULT_LANGUAGE && isLanguageCode(lang))

/** The store a request of `/get` goes to, or null for the page. */
export function destination({
  named,
  platform,
  crawler,
  live,
}: {
  named: Store | null
  platform: Platform
  crawler: boolean
  live: boolean
}): Store | null {
  if (!live || crawler) return null
  return named ?? STORE_OF[platform]
}

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)

/** The store a request's query names with `store=`, if it names one of the two. */
function namedStore(url: string): Store | null {
  const start = url.indexOf("?")
  const named =
    start === -1 ? null : new URLSearchParams(url.slice(start + 1, start + 1 + MAX_QUERY_LENGTH)).get("store")
  return named === "apple" || named === "google" ? named : null
}

/** The request's own host with the site's: a Referer there is a page of the site. */
function hostsOf(headers: IncomingHttpHeaders, ownHosts: readonly string[]): readonly string[] {
  const host = one(headers.host)?.slice(0, 260).toLowerCase()
  return host ? [...ownHosts, host] : ownHosts
}

/** The handler of `GET /get` and `/:lang/get`: a redirect to a store, or on to the built page (see the module's header). */
export function getLinkRoute({ facts, ownHosts, clicks }: GetLinkParts): RequestHandler {
  return (req, res, next) => {
    if (!isGetLanguage(pathParam(req, "lang"))) return next()
    res.vary("User-Agent")
    const url = req.url
    const userAgent = (one(req.headers["user-agent"]) ?? "").slice(0, MAX_USER_AGENT_LENGTH)
    const platform = platformOf(userAgent)
    const store = destination({
      named: namedStore(url),
      platform,
      crawler: userAgent !== "" && isBotAgent(userAgent),
      live: facts.appLive,
    })
    if (!store) return next()
    const origin = clickOrigin(url, one(req.headers.referer), hostsOf(req.headers, ownHosts))
    clicks?.count(req, { store, platform, origin })
    res.set("Cache-Control", "private, no-store")
    res.redirect(302, storeAddress(store, origin, facts))
  }
}
