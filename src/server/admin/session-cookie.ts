import { cookieValue } from "../http/cookies"

/**
 * The admin's session cookie. `__Host-` makes browsers refuse it unless it
 * is Secure, for the whole site (Path=/) and of this host alone (no
 * Domain); HttpOnly keeps it from scripts; SameSite=Strict keeps it off
 * every request another site starts. It lasts as long as the browser
 * does: the session's timeouts are the server's to keep.
 */
export const SESSION_COOKIE = "__Host-admin_session"

const ATTRIBUTES = "Path=/; Secure; HttpOnly; SameSite=Strict"

export const sessionCookie = (token: string): string => `${SESSION_COOKIE}=${token}; ${ATTRIBUTES}`

export const clearedSessionCookie = (): string => `${SESSION_COOKIE}=; Max-Age=0; ${ATTRIBUTES}`

/** The session's token a request carries, if any (a value that is no token is left for isSecretToken to refuse). */
export const sessionToken = (cookieHeader: string | null | undefined): string | undefined => cookieValue(cookieHeader, SESSION_COOKIE)
