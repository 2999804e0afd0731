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

/**
 * The cookie of a browser that logged in to an account (see
 * device-cookies.ts): as strict as the session's, and kept a year, so that
 * failures from elsewhere never hold that browser out.
 */
export const DEVICE_COOKIE = "__Host-admin_device"

export const deviceCookie = (value: string, maxAgeMs: number): string =>
  `${DEVICE_COOKIE}=${value}; Max-Age=${Math.floor(maxAgeMs / 1000)}; ${ATTRIBUTES}`

/** The device cookie a request carries, if any (checked by knownDevice). */
export const deviceCookieValue = (cookieHeader: string | null | undefined): string | undefined =>
  cookieValue(cookieHeader, DEVICE_COOKIE)

/** The session's token a request carries, if any (a value that is no token is left for isSecretToken to refuse). */
export const sessionToken = (cookieHeader: string | null | undefined): string | undefined =>
  cookieValue(cookieHeader, SESSION_COOKIE)
