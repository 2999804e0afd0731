/**
 * Which requests are page views: a GET of an HTML page answered 200, 302,
 * 304 or 404, by a browser that sends a language, is no bot, does not
 * prefetch, and does not ask not to be tracked (Sec-GPC, DNT). The admin,
 * the API and the service's endpoints never count. Every header is bounded
 * before it is read.
 */
import type { IncomingHttpHeaders } from "http"
import { isbot } from "isbot"
import { splitLanguage } from "../../i18n/languages"
import { isPagePath } from "../observability/observe-requests"
import { trimTrailingSlashes } from "../../routing/trim-slashes"
import { MAX_REFERRER_LENGTH, originOf, type Origin } from "./traffic-source"

/** The page every path that is no page of the site counts under. */
export const NOT_FOUND_PAGE = "(not found)"
/** The longest User-Agent read: a longer one is hashed by its first this many characters. */
export const MAX_USER_AGENT_LENGTH = 512
/** The longest query read for campaign parameters. */
export const MAX_QUERY_LENGTH = 2048
/** The longest page path kept; a longer one counts as a page not found. */
const MAX_PAGE_LENGTH = 200

/** Paths that are never pages of the site: anything under /admin, the API, and the service's own endpoints. */
const NEVER_COUNTED = /^\/(?:admin|(?:api|healthz|readyz|metrics)(?:[/?]|$))/

/** A page view as it is counted. */
export type PageView = Origin & {
  /** The page as its English path ("/contact"), or NOT_FOUND_PAGE. */
  page: string
  language: string
  /** What tells the visitor apart (see visitorHash): the client's key and its User-Agent. */
  client: string
  userAgent: string
}

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)

/**
 * Whether a request may be a page view, judged by what came before the
 * answer: so cheap that every request of a file pays almost nothing.
 * @param path the request's path, without its query (see pathOf)
 */
export function mayBePageView(method: string | undefined, path: string, headers: IncomingHttpHeaders): boolean {
  if (method !== "GET") return false
  if (!isPagePath(path) || NEVER_COUNTED.test(path)) return false
  return isCountedBrowser(headers)
}

/**
 * Whether a request's headers are those of a browser whose visit is
 * counted: it sends a language and a User-Agent that is no bot's, it is
 * neither prefetching nor prerendering, and it does not ask not to be
 * tracked. The rule of page views, and of store clicks (see StoreClickCounter).
 */
export function isCountedBrowser(headers: IncomingHttpHeaders): boolean {
  if (!headers["accept-language"] || headers["sec-gpc"] === "1" || headers.dnt === "1") return false
  for (const name of PURPOSE_HEADERS) {
    const purpose = one(headers[name])
    if (purpose !== undefined && SPECULATIVE.test(purpose.slice(0, 200))) return false
  }
  const userAgent = (one(headers["user-agent"]) ?? "").slice(0, MAX_USER_AGENT_LENGTH)
  return userAgent !== "" && !isBotAgent(userAgent)
}

/** Whether a User-Agent (cut to MAX_USER_AGENT_LENGTH) is a bot's, by isbot's list, remembered for the next requests. */
export const isBotAgent = (userAgent: string): boolean => remembered(botVerdicts, userAgent, () => isbot(userAgent))

/** The headers a browser names a prefetch or a prerender in (Sec-Purpose now, Purpose and X-Purpose before it). */
const PURPOSE_HEADERS = ["sec-purpose", "purpose", "x-purpose"] as const
const SPECULATIVE = /prefetch|prerender|preview/i

/** How many recent answers each memo keeps: a page's requests repeat few User-Agents and addresses. */
const MEMO_SIZE = 1000
const botVerdicts = new Map<string, boolean>()

/** The value of `key` in a memo, computed once while the memo holds it; a full memo starts again. */
function remembered<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  const known = memo.get(key)
  if (known !== undefined) return known
  const value = compute()
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(key, value)
  return value
}

/** The English path of a page served, decoded and without trailing slashes or `index.html`; null when it cannot be read. */
function pagePath(path: string): string | null {
  if (path.length > MAX_PAGE_LENGTH * 3) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return null
  }
  const page = trimTrailingSlashes(decoded.replace(/\/index\.html$/, "/")) || "/"
  return page.length > MAX_PAGE_LENGTH ? null : page
}

/**
 * The page view a finished answer was, or null when it was none (see the
 * module's header). `mayBePageView` has passed already.
 * @param contentType the answer's Content-Type
 * @param client the client's key, as the rate limit makes it (see clientKey)
 * @param ownHosts the hosts of the site: a referrer there is no source
 */
export function readPageView(
  url: string,
  headers: IncomingHttpHeaders,
  status: number,
  contentType: string,
  client: string,
  ownHosts: readonly string[],
): PageView | null {
  // A redirect of a page is a visit too: /get sending a phone to its store.
  const served = (status === 200 && contentType.startsWith("text/html")) || status === 302
  if (!served && status !== 304 && status !== 404) return null
  const referrer = one(headers.referer)?.slice(0, MAX_REFERRER_LENGTH + 1)
  const host = one(headers.host)?.slice(0, 260).toLowerCase() ?? ""
  const read = (): PageRead => {
    const end = url.indexOf("?")
    const { code, path: englishPath } = splitLanguage(end === -1 ? url : url.slice(0, end))
    const page = status === 404 ? NOT_FOUND_PAGE : (pagePath(englishPath) ?? NOT_FOUND_PAGE)
    const query = new URLSearchParams(end === -1 ? "" : url.slice(end + 1, end + 1 + MAX_QUERY_LENGTH))
    return {
      ...originOf(referrer, (name) => query.get(name), host ? [...ownHosts, host] : ownHosts),
      page,
      language: code,
    }
  }
  // Most views are of a few pages from a few places: each is read once while the memo holds it.
  const key =
    url.length + (referrer?.length ?? 0) <= MAX_MEMO_KEY
      ? `${status === 404}\n${host}\n${url}\n${referrer ?? ""}`
      : null
  const pageRead = key === null ? read() : remembered(pageReadsFor(ownHosts), key, read)
  return { ...pageRead, client, userAgent: (one(headers["user-agent"]) ?? "").slice(0, MAX_USER_AGENT_LENGTH) }
}

/** What a page view's address and referrer say, as the memo keeps it. */
type PageRead = Omit<PageView, "client" | "userAgent">
/** The memo of each list of the site's hosts (one a server), since they decide what is a source. */
const pageReads = new WeakMap<readonly string[], Map<string, PageRead>>()
function pageReadsFor(ownHosts: readonly string[]): Map<string, PageRead> {
  let memo = pageReads.get(ownHosts)
  if (!memo) {
    memo = new Map()
    pageReads.set(ownHosts, memo)
  }
  return memo
}
/** The longest address and referrer remembered: a longer one is read every time. */
const MAX_MEMO_KEY = 512
