/**
 * Who may call the admin's routes, as middleware of the route table: a
 * change (anything but GET and HEAD) only from the admin's own pages, and
 * a route for accounts only with a valid session whose role may use its
 * part of the admin (see roles.ts, which the pages share).
 */
import type { RequestHandler } from "express"
import { mayUse, type Area } from "../../admin-api/roles"
import type { AuditedBy } from "../audit/audit-log"
import type { Db } from "../db/db"
import { sendJson } from "../http/answers"
import { isSameOrigin } from "../http/same-origin"
import type { SessionAccount } from "../../admin-api/session-account"
import { accountOfSession } from "./admin-queries"
import { isSecretToken, secretTokenKey } from "./secret-tokens"
import { clearedSessionCookie, sessionToken } from "./session-cookie"

declare global {
  namespace Express {
    interface Locals {
      /** The account of the request's session, and its key (see requireAccount). */
      account: SessionAccount
      sessionKey: string
      /** Who the audit log names for what the request does: the account, from the client's address. */
      by: AuditedBy
    }
  }
}

/** Methods that change nothing: the only ones taken from another origin. */
const SAFE_METHODS = new Set(["GET", "HEAD"])

/** Refuses (403) a change that does not come from the admin's own pages (see isSameOrigin), so no other site can log a browser in or out or act for it. */
export const changesFromOwnPages =
  (allowedOrigins: readonly string[]): RequestHandler =>
  (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || isSameOrigin(req.headers, allowedOrigins)) return next()
    sendJson(res, 403, { error: "Changes are taken only from the admin's own pages." })
  }

/**
 * Lets a request through with a valid session (401 without one, its cookie
 * cleared) whose role may use `area` (403 otherwise; null: any account);
 * the session's use counts as a request, so its idle time starts again.
 */
export function requireAccount(db: Db, now: () => Date, area: Area | null): RequestHandler {
  return async (req, res, next) => {
    const unauthorized = () =>
      sendJson(res, 401, { error: "Log in to use the admin." }, { "Set-Cookie": clearedSessionCookie() })
    const token = sessionToken(req.headers.cookie)
    if (!isSecretToken(token)) return unauthorized()
    const sessionKey = secretTokenKey(token)
    const account = await accountOfSession(db, sessionKey, now())
    if (!account) return unauthorized()
    if (area && !mayUse(account.role, area))
      return sendJson(res, 403, { error: "Your role may not use this part of the admin." })
    res.locals.account = account
    res.locals.sessionKey = sessionKey
    res.locals.by = { actor: { accountId: account.id, label: account.email }, ip: res.locals.client.ip }
    next()
  }
}
