import { cookieValue } from "../http/cookies"
import type { WebHandler } from "../http/web-handler"
import { confirmedEvent } from "../mail/webhook-events"
import { linkTokenKey, isLinkToken } from "./link-tokens"
import { privacyPolicyInForce } from "./privacy-policy-version"
import type { WaitlistContext } from "./waitlist-context"
import { StoreUnavailableError } from "./waitlist-store"

/** What a link of a mail does: confirm the address, or leave the waitlist. */
export type LinkAction = "confirm" | "leave"

/** A request to a link's handler, as it matters here. */
type LinkRequest = {
  method: string
  /** The query's `token` and `lang`. */
  query: URLSearchParams
  /** The value of this link's cookie, if sent. */
  cookie: string | undefined
  body: string
}

/** The pages of src/pages/waitlist a link's answer sends the browser to. */
export const LINK_PAGES = {
  confirm: "/waitlist/confirm/",
  confirmed: "/waitlist/confirmed/",
  leave: "/waitlist/leave/",
  left: "/waitlist/left/",
  expired: "/waitlist/link-expired/",
} as const

/** The cookie that carries a link's token from the GET of the link to the POST of the page's button. */
const cookieName = (action: LinkAction) => `${action}_token`

/** How long the page's button works after the link was opened. */
const COOKIE_SECONDS = 3600

/** The body a mail client posts for a one-click unsubscribe (RFC 8058). */
const ONE_CLICK = "List-Unsubscribe=One-Click"

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }

/** The path prefix of a page in a language: none for English (see the site's languages). */
export type LanguagePrefix = (lang: string | undefined) => string

const redirect = (to: string, headers: Record<string, string> = {}) => new Response(null, { status: 303, headers: { ...NO_STORE, Location: to, ...headers } })

const plain = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8", ...headers } })

/**
 * The cookie's attributes: sent back to /api/ only, never read by a script,
 * never sent on a cross-site subrequest, and only over HTTPS (browsers count
 * http://localhost as secure too, so `npm start` works as the site does).
 */
const ATTRIBUTES = "Path=/api/; HttpOnly; Secure; SameSite=Lax"
const setCookie = (action: LinkAction, token: string) => `${cookieName(action)}=${token}; Max-Age=${COOKIE_SECONDS}; ${ATTRIBUTES}`
const clearCookie = (action: LinkAction) => `${cookieName(action)}=; Max-Age=0; ${ATTRIBUTES}`

/**
 * Answers the link of a mail and the button of the page it opens. A GET
 * changes nothing (mail scanners follow links): it keeps the token in a
 * cookie for an hour and sends the browser to the page of the link's state,
 * whose button posts back here. The POST acts: it confirms the address, or
 * removes the entry with its messages and pending mail, then sends the
 * browser to the page that says so. A POST of `List-Unsubscribe=One-Click`
 * with the token in the URL (RFC 8058) leaves at once and answers 200.
 * An unknown, malformed or expired token gets the page that says the link
 * expired, with a way to sign up again. The promise never rejects.
 */
export function linkHandler(action: LinkAction, context: WaitlistContext, prefix: LanguagePrefix): WebHandler {
  return async (request, client) => {
    try {
      const link: LinkRequest = {
        method: request.method,
        query: new URL(request.url).searchParams,
        cookie: cookieValue(request.headers.get("cookie"), cookieName(action)),
        body: request.method === "POST" ? await request.text() : "",
      }
      return await answerLink(action, link, context, link.query.get("lang") ?? undefined, prefix)
    } catch (error) {
      const cause = error instanceof StoreUnavailableError ? error.message : String(error)
      context.log.warn({ reqId: client.requestId, action, cause }, "waitlist: a link failed")
      return plain(503, "The waitlist is unavailable right now. Please try again in a moment.", { "Retry-After": "5" })
    }
  }
}

async function answerLink(action: LinkAction, request: LinkRequest, context: WaitlistContext, lang: string | undefined, prefix: LanguagePrefix): Promise<Response> {
  const page = (name: keyof typeof LINK_PAGES) => `${prefix(lang)}${LINK_PAGES[name]}`
  const store = context.store()
  if (request.method === "GET" || request.method === "HEAD") {
    const token = request.query.get("token")
    if (!isLinkToken(token)) return redirect(page("expired"))
    const key = linkTokenKey(token)
    if (action === "leave") return (await store.canLeave(key)) ? redirect(page("leave"), { "Set-Cookie": setCookie(action, token) }) : redirect(page("expired"))
    const state = await store.confirmationState(key, context.now())
    if (state === "pending") return redirect(page("confirm"), { "Set-Cookie": setCookie(action, token) })
    return redirect(page(state === "confirmed" ? "confirmed" : "expired"))
  }
  if (request.method !== "POST") return plain(405, "Open the link, then press the button.", { Allow: "GET, HEAD, POST" })

  const fromUrl = request.query.get("token")
  const token = isLinkToken(fromUrl) ? fromUrl : request.cookie
  if (!isLinkToken(token)) return redirect(page("expired"))
  const key = linkTokenKey(token)
  const cleared = { "Set-Cookie": clearCookie(action) }
  if (action === "leave") {
    const left = await store.leave(key)
    if (request.body.trim() === ONE_CLICK) return plain(200, left ? "You have left the waitlist.\n" : "This address is not on the waitlist.\n")
    return redirect(page(left ? "left" : "expired"), cleared)
  }
  const now = context.now()
  const webhook = context.mail.webhook
  const state = await store.confirm(key, now, (entry) => (webhook ? confirmedEvent(webhook, entry, now) : null), privacyPolicyInForce(lang, now))
  if (state === "confirmed") context.queued()
  return redirect(page(state === "confirmed" ? "confirmed" : "expired"), cleared)
}
