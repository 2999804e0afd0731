/**
 * The links of the mails and the buttons of the pages they open. A GET
 * changes nothing, because mail scanners follow links: it keeps the token in
 * a cookie and leads to the page whose button posts back here. A one-click
 * unsubscribe (RFC 8058) leaves at once; a bad token gets the expired page.
 */
import type { DeliveryKind } from "../outbox/deliveries"
import type { Request, RequestHandler, Response } from "express"
import { isLanguageCode, languagePrefix } from "../../i18n/languages"
import { StoreUnavailableError, type Db } from "../db/db"
import { queryParam, sendText } from "../http/answers"
import { cookieValue } from "../http/cookies"
import type { Logger } from "../observability/logger"
import type { WebhookSettings } from "../settings"
import { linkTokenKey, isLinkToken } from "../entries/link-tokens"
import { canLeave, confirmAddress, confirmationState, leaveByLink, placeLinkOfConfirmation } from "./links"
import { privacyPolicyInForce } from "../entries/privacy-policy-version"

/** The most of a body a link's route reads: a one-click unsubscribe is 26 bytes. */
export const LINK_BODY_BYTES = 1024

/** What a link of a mail does: confirm the address, or leave the waitlist. */
export type LinkAction = "confirm" | "leave"

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

/**
 * The cookie's attributes: sent back to /api/ only, never read by a script,
 * never sent on a cross-site subrequest, and only over HTTPS (browsers count
 * http://localhost as secure too, so `npm start` works as the site does).
 */
const ATTRIBUTES = "Path=/api/; HttpOnly; Secure; SameSite=Lax"
const setCookie = (action: LinkAction, token: string) =>
  `${cookieName(action)}=${token}; Max-Age=${COOKIE_SECONDS}; ${ATTRIBUTES}`
const clearCookie = (action: LinkAction) => `${cookieName(action)}=; Max-Age=0; ${ATTRIBUTES}`

const redirect = (res: Response, to: string, headers: Record<string, string> = {}) =>
  void res.writeHead(303, { ...NO_STORE, Location: to, "Content-Length": "0", ...headers }).end()
const plain = (res: Response, status: number, text: string, headers: Record<string, string> = {}) =>
  sendText(res, status, text, { ...NO_STORE, ...headers })

/** What the link routes work with. */
export type LinkDeps = {
  db: Db
  webhook: WebhookSettings | null
  log: Logger
  now: () => Date
  queued: (kinds: readonly DeliveryKind[]) => void
}

/** A query parameter as one text (the first when repeated), or null. */
const queryText = (req: Request, name: string): string | null => queryParam(req, name) ?? null

/** The handlers of one link's route: GET and HEAD, POST, and the answer to any other method. */
export function linkRoutes(
  action: LinkAction,
  deps: LinkDeps,
): { open: RequestHandler; act: RequestHandler; otherMethod: RequestHandler } {
  const { db, log } = deps
  const page = (req: Request, name: keyof typeof LINK_PAGES) => {
    const lang = queryText(req, "lang")
    return `${isLanguageCode(lang) ? languagePrefix(lang) : ""}${LINK_PAGES[name]}`
  }
  /** Where a confirmed address's link leads: its place page (in the link's language), or the page that says it is confirmed. */
  const placeOrConfirmed = async (req: Request, key: string) =>
    (await placeLinkOfConfirmation(db, key, queryText(req, "lang") ?? "", deps.now())) ?? page(req, "confirmed")
  /** Runs a step; an unreachable store is a plain 503, the cause in the log. */
  const safely =
    (step: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    async (req, res) => {
      try {
        await step(req, res)
      } catch (error) {
        const cause = error instanceof StoreUnavailableError ? error.message : String(error)
        log.warn({ reqId: res.locals.requestId, action, cause }, "waitlist: a link failed")
        plain(res, 503, "The waitlist is unavailable right now. Please try again in a moment.", { "Retry-After": "5" })
      }
    }

  const open = safely(async (req, res) => {
    const token = queryText(req, "token")
    if (!isLinkToken(token)) return redirect(res, page(req, "expired"))
    const key = linkTokenKey(token)
    if (action === "leave")
      return (await canLeave(db, key))
        ? redirect(res, page(req, "leave"), { "Set-Cookie": setCookie(action, token) })
        : redirect(res, page(req, "expired"))
    const state = await confirmationState(db, key, deps.now())
    if (state === "pending") return redirect(res, page(req, "confirm"), { "Set-Cookie": setCookie(action, token) })
    redirect(res, state === "confirmed" ? await placeOrConfirmed(req, key) : page(req, "expired"))
  })

  const act = safely(async (req, res) => {
    const fromUrl = queryText(req, "token")
    const token = isLinkToken(fromUrl) ? fromUrl : cookieValue(req.headers.cookie, cookieName(action))
    if (!isLinkToken(token)) return redirect(res, page(req, "expired"))
    const key = linkTokenKey(token)
    const cleared = { "Set-Cookie": clearCookie(action) }
    if (action === "leave") {
      const left = await leaveByLink(db, key, deps.now())
      if ((Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "").trim() === ONE_CLICK)
        return plain(res, 200, left ? "You have left the waitlist.\n" : "This address is not on the waitlist.\n")
      return redirect(res, page(req, left ? "left" : "expired"), cleared)
    }
    const now = deps.now()
    const state = await confirmAddress(
      db,
      key,
      now,
      deps.webhook,
      privacyPolicyInForce(queryText(req, "lang") ?? undefined, now),
    )
    if (state === "confirmed") deps.queued(["webhook"])
    redirect(res, state === "confirmed" ? await placeOrConfirmed(req, key) : page(req, "expired"), cleared)
  })

  return {
    open,
    act,
    otherMethod: (_req, res) => plain(res, 405, "Open the link, then press the button.", { Allow: "GET, HEAD, POST" }),
  }
}
