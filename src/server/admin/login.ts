import { json, type ApiRequest, type ClientInfo } from "../http/web-handler"
import { emailKey } from "../waitlist/email-identity"
import { clientAddress, rateLimitKey } from "../waitlist/rate-limit-key"
import type { WaitlistContext } from "../waitlist/waitlist-context"
import { addressOf, readBodyFields, textField } from "./admin-request"
import { LOGIN_FAILURE_LIMIT, SESSION_MAX_MS } from "./admin-limits"
import type { SessionAccount } from "./admin-store"
import { MAX_PASSWORD_LENGTH, passwordMatches } from "./passwords"
import { newSecretToken, secretTokenKey } from "./secret-tokens"
import { sessionCookie } from "./session-cookie"
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
export async function withinHashingBudget(work: () => Promise<Response>): Promise<Response> {
  if (hashing >= MAX_HASHING) return json(503, { error: "The admin is busy. Please try again in a moment." }, { "Retry-After": "1" })
  hashing++
  try {
    return await work()
  } finally {
    hashing--
  }
}

/** The client as the audit log records it, and as the lock-out counts it (IPv6 by its /64). */
export function clientOf(request: ApiRequest, client: ClientInfo, context: WaitlistContext): { ip: string | null; key: string } {
  const address = clientAddress(request.headers.get("x-forwarded-for"), client.remoteAddress, context.trustProxy)
  return address === "unknown" ? { ip: null, key: "unknown" } : { ip: address, key: rateLimitKey(address) }
}

/** Starts a session for an account: a new token each time, in the cookie; the store keeps only its hash. */
export function sessionStarted(): { token: string; key: string; cookie: Record<string, string> } {
  const token = newSecretToken()
  return { token, key: secretTokenKey(token), cookie: { "Set-Cookie": sessionCookie(token) } }
}

export const sessionExpiry = (now: Date) => new Date(now.getTime() + SESSION_MAX_MS)

/**
 * POST /api/admin/session: `{email, password, code}` logs in. 204 with a
 * new session's cookie; 401 with one message for every cause (an unknown
 * address, an account not enrolled or revoked, a wrong password, a wrong,
 * stale or used code), every cause taking the same work (a password and a
 * code are always checked, against stand-ins when the account has none);
 * 429 with Retry-After once an address or a client has 10 failures in 15
 * minutes, whatever is sent.
 */
export async function login(request: ApiRequest, client: ClientInfo, context: WaitlistContext): Promise<Response> {
  const body = await readBodyFields(request)
  if ("refused" in body) return body.refused
  const email = addressOf(textField(body.fields, "email", 1024))
  const password = textField(body.fields, "password", MAX_PASSWORD_LENGTH)
  const code = textField(body.fields, "code", 64)
  if (email === undefined || password === undefined || code === undefined) {
    return json(422, { error: `Send your e-mail address, your password (at most ${MAX_PASSWORD_LENGTH} characters) and the code your authenticator shows.` })
  }
  const now = context.now()
  const { ip, key } = clientOf(request, client, context)
  const subjects = [`account:${emailKey(email)}`, `client:${key}`]
  const { admin } = context.store()
  const waitSeconds = await admin.loginLockedFor(subjects, LOGIN_FAILURE_LIMIT, now)
  if (waitSeconds !== null) {
    const minutes = Math.ceil(waitSeconds / 60)
    return json(429, { error: `Too many failed logins. Try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}.` }, { "Retry-After": String(waitSeconds) })
  }
  return withinHashingBudget(async () => {
    const account = await admin.loginAccount(email)
    const usable = account?.active ? account : null
    const passwordRight = await passwordMatches(password, usable?.passwordHash ?? null)
    const step = await acceptedStep(code, usable?.totpSecret ?? null, now, usable?.totpLastStep ?? null)
    if (usable && passwordRight && step !== null) {
      const session = sessionStarted()
      if (await admin.loginSucceeded(usable, step, session.key, sessionExpiry(now), now, ip)) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store", ...session.cookie } })
    }
    await admin.loginFailed(subjects, account, now, ip)
    return json(401, { error: WRONG_CREDENTIALS })
  })
}

/** What GET /api/admin/session tells the pages of the account logged in. */
export const whoIs = (account: SessionAccount) => ({ email: account.email, role: account.role })
