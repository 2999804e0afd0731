import { runtimeEnv } from "./runtime-env"

/** The window the rate limit counts submissions in. */
export const RATE_WINDOW_MS = 60_000

/** The limit when WAITLIST_RATE_LIMIT is unset, empty or not a number. */
export const DEFAULT_RATE_LIMIT = 5

/**
 * WAITLIST_RATE_LIMIT as a whole number: 0 turns the limit off. An unset,
 * empty or unreadable value keeps the default, so a blank setting never
 * switches the limit off by accident (`Number("")` is 0).
 */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv = runtimeEnv()): number {
  const setting = env.WAITLIST_RATE_LIMIT?.trim()
  const value = setting ? Number(setting) : NaN
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_RATE_LIMIT
}
