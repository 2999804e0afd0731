/**
 * /api/admin/session: logging in with address, password and the code of an
 * authenticator; who is logged in; logging out.
 */
import type { RequestHandler, Response } from "express"
import { z } from "zod"
import { emailKey } from "../addresses/email-identity"
import type { Db } from "../db/db"
import { sendJson } from "../http/answers"
import type { SessionAccount } from "../../admin-api/session-account"
import { adminBody, lookupAddress, shortText } from "./admin-body"
import { DEVICE_KNOWN_MS, SESSION_MAX_MS } from "./admin-limits"
import { endSession, loginAccount, loginFailed, loginHeldFor, loginSucceeded } from "./admin-queries"
import { knownDevice, newDeviceCookie } from "./device-cookies"
import { MAX_PASSWORD_LENGTH, passwordMatches } from "./passwords"
import { newSecretToken, secretTokenKey } from "./secret-tokens"
import { clearedSessionCookie, deviceCookie, deviceCookieValue, sessionCookie } from "./session-cookie"
import { acceptedStep } from "./totp"

/** The one answer to every failed login, whatever failed. */
export const WRONG_CREDENTIALS = "The e-mail address, password or code is not right."

/** argon2id hashes under way at once: past them a login waits for none, it is answered 503 (each takes 19 MiB and a core for ~50 ms). */
const MAX_HASHING = 4
let hashing = 0

/**
 * Runs password work within MAX_HASHING at once, or answers 503 at once
 * when that many are under way, so a flood of logins cannot take the
 * server's memory or every thread of its pool.
 */
export async function withinHashingBudget(res: Response, work: () => Promise<void>): Promise<void> {
  if (hashing >= MAX_HASHING)
    return sendJson(res, 503, { error: "The admin is busy. Please try again in a moment." }, { "Retry-After": "1" })
  hashing++
  try {
    await work()
  } finally {
    hashing--
  }
}

/** Starts a session for an account: a new token each time, in the cookie; the store keeps only its hash. */
export function sessionStarted(): { key: string; cookie: string } {
  const token = newSecretToken()
  return { key: secretTokenKey(token), cookie: sessionCookie(token) }
}

export const sessionExpiry = (now: Date) => new Date(now.getTime() + SESSION_MAX_MS)

/** A 204 that starts a session (and makes the browser known to the account, with its device cookie), never cached. */
export const sessionBegun = (res: Response, cookies: string[]) =>
  void res.writeHead(204, { "Cache-Control": "no-store", "Set-Cookie": cookies }).end()

/** What a login sends. */
const loginSchema = z.object({ email: lookupAddress, password: shortText(MAX_PASSWORD_LENGTH), code: shortText(64) })

/** What GET /api/admin/session tells the pages of the account logged in. */
export const whoIs = (account: SessionAccount) => ({ email: account.email, role: account.role })

/** The handlers of /api/admin/session. */
export function sessionRoutes({ db, now: clock }: { db: Db; now: () => Date }): {
  logIn: RequestHandler
  whoIsLoggedIn: RequestHandler
  logOut: RequestHandler
} {
  return {
    /**
     * POST `{email, password, code}`: 204 with a new session; one 401 for every
     * cause, each taking the same work, so none can be told apart; 429 while
     * the login is held (see loginHeldFor). A success makes the browser known
     * to the account (its device cookie).
     */
    async logIn(req, res) {
      const body = adminBody(req, res)
      if (!body) return
      const fields = loginSchema.safeParse(body)
      if (!fields.success) {
        return sendJson(res, 422, {
          error: `Send your e-mail address, your password (at most ${MAX_PASSWORD_LENGTH} characters) and the code your authenticator shows.`,
        })
      }
      const { email, password, code } = fields.data
      const now = clock()
      const { ip, key } = res.locals.client
      const account = await loginAccount(db, email)
      const device = account
        ? await db.read(async () => knownDevice(db, deviceCookieValue(req.headers.cookie), account.id))
        : null
      const subjects = { account: emailKey(email), device, client: key }
      const waitSeconds = await loginHeldFor(db, subjects, now)
      if (waitSeconds !== null) {
        const minutes = Math.ceil(waitSeconds / 60)
        return sendJson(
          res,
          429,
          { error: `Too many failed logins. Try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.` },
          { "Retry-After": String(waitSeconds) },
        )
      }
      await withinHashingBudget(res, async () => {
        const usable = account?.active ? account : null
        const passwordRight = await passwordMatches(password, usable?.passwordHash ?? null)
        const step = await acceptedStep(code, usable?.totpSecret ?? null, now, usable?.totpLastStep ?? null)
        if (usable && passwordRight && step !== null) {
          const session = sessionStarted()
          if (await loginSucceeded(db, usable, step, session.key, sessionExpiry(now), now, ip, subjects)) {
            const known = device ?? (await db.read(async () => newDeviceCookie(db, usable.id)))
            return sessionBegun(res, device ? [session.cookie] : [session.cookie, deviceCookie(known, DEVICE_KNOWN_MS)])
          }
        }
        await loginFailed(db, subjects, account, now, ip)
        sendJson(res, 401, { error: WRONG_CREDENTIALS })
      })
    },
    /** GET: the account logged in. */
    whoIsLoggedIn: (_req, res) => sendJson(res, 200, whoIs(res.locals.account)),
    /** DELETE: logs out, recorded. */
    async logOut(_req, res) {
      await endSession(db, res.locals.sessionKey, res.locals.account, clock(), res.locals.client.ip)
      res.writeHead(204, { "Cache-Control": "no-store", "Set-Cookie": clearedSessionCookie() }).end()
    },
  }
}
