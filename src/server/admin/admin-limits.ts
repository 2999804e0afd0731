/** How long an invitation's link works. */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000
/** The failed tries at taking an invitation (a refused password, a wrong code) that end it. */
export const INVITE_TRIES = 10

/** A session ends after 30 minutes without a request, and 12 hours after its login whatever happens (OWASP's session guidance for sensitive data). */
export const SESSION_IDLE_MS = 30 * 60 * 1000
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000

/**
 * After this many failed logins within the window from one client, or from
 * one browser that logged in before (its device cookie), that client or
 * browser is refused with 429 until the oldest leaves the window. An
 * account with this many failures from anywhere is not refused: logins to
 * it from browsers it has not seen are paced instead (LOGIN_ACCOUNT_PACE_MS).
 */
export const LOGIN_FAILURE_LIMIT = 10
export const LOGIN_WINDOW_MS = 15 * 60 * 1000
/** While an account has LOGIN_FAILURE_LIMIT failures in the window, one try from an unknown browser in this time: a guesser's pace, never a wall for its owner. */
export const LOGIN_ACCOUNT_PACE_MS = 30 * 1000
/** How long a browser that logged in is known to an account (its device cookie). */
export const DEVICE_KNOWN_MS = 365 * 24 * 60 * 60 * 1000

/** The lines of one page of the entries and of the audit log. */
export const PAGE_SIZE = 25
/** The last page anyone may ask for: 250,000 lines deep, past any list here, and a bound on the offset a query skips. */
export const MAX_PAGE = 10_000

/** The most of a body an admin route reads: a login, an invitation or an erasure's confirmation is well under 1 KB. */
export const ADMIN_BODY_BYTES = 4096
