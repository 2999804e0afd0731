import { runtimeEnv } from "./runtime-env"
import { siteFacts } from "../../config/site-facts"
import type { WaitlistContext } from "./handle-waitlist-request"
import { openWaitlistStore } from "./open-waitlist-store"
import { RateLimiter, rateLimitFromEnv } from "./rate-limiter"
import type { WaitlistStore } from "./waitlist-store"

/**
 * The waitlist's running state for one server process, built from the
 * environment on first use: the store (opened lazily, and again after a
 * failed attempt), the rate limiter and the proxy and origin settings.
 */
export function createWaitlistContext(env: NodeJS.ProcessEnv = runtimeEnv()): WaitlistContext {
  let store: WaitlistStore | null = null
  return {
    store: () => (store ??= openWaitlistStore(env)),
    limiter: new RateLimiter(rateLimitFromEnv(env)),
    trustProxy: env.WAITLIST_TRUST_PROXY === "1",
    allowedOrigins: [new URL(siteFacts.siteUrl).origin],
    log: (message) => console.error(message),
  }
}
