import { runtimeEnv } from "./runtime-env"
import { siteFacts } from "../../config/site-facts"
import { deliverer } from "../mail/deliver"
import { readMailSettings, type MailSettings } from "../mail/mail-settings"
import { createSendMail } from "../mail/mail-transport"
import { OutboxWorker } from "../mail/outbox-worker"
import { openWaitlistStore } from "./open-waitlist-store"
import { rateLimitFromEnv, RATE_WINDOW_MS } from "./rate-limit-setting"
import type { WaitlistStore } from "./waitlist-store"

export type WaitlistContext = {
  /** The store, opened on first use. @throws StoreUnavailableError */
  store: () => WaitlistStore
  /** Accepted submissions per client and window; a limit of 0 turns it off. */
  rateLimit: { limit: number; windowMs: number }
  /** Count X-Forwarded-For (WAITLIST_TRUST_PROXY=1). */
  trustProxy: boolean
  /** Origins allowed besides the request's own host (the configured site URL). */
  allowedOrigins: string[]
  mail: MailSettings
  /** Tells the outbox's worker that something was queued. */
  queued: () => void
  log: (message: string) => void
}

/** The waitlist of a running server: what the Functions answer with, and the worker delivering its outbox. */
export type WaitlistRuntime = { context: WaitlistContext; worker: OutboxWorker }

/**
 * Builds the waitlist's running state from the environment: the store
 * (opened lazily, and again after a failed attempt), the rate limit, the
 * proxy, origin and mail settings, and the outbox's worker (not started).
 * @throws SettingsError when a setting cannot work
 */
export function createWaitlistRuntime(env: NodeJS.ProcessEnv = runtimeEnv()): WaitlistRuntime {
  let store: WaitlistStore | null = null
  const openStore = () => (store ??= openWaitlistStore(env))
  const mail = readMailSettings(env)
  const log = (message: string) => console.error(message)
  const rateLimit = { limit: rateLimitFromEnv(env), windowMs: RATE_WINDOW_MS }
  const worker = new OutboxWorker({
    store: openStore,
    deliver: deliverer(createSendMail(mail, log), mail),
    leaseMs: mail.leaseMs,
    retryBaseMs: mail.retryBaseMs,
    rateWindowMs: rateLimit.windowMs,
    log,
  })
  const context: WaitlistContext = {
    store: openStore,
    rateLimit,
    trustProxy: env.WAITLIST_TRUST_PROXY === "1",
    allowedOrigins: [new URL(siteFacts.siteUrl).origin, new URL(mail.siteUrl).origin],
    mail,
    queued: () => worker.wake(),
    log,
  }
  return { context, worker }
}

const RUNTIME = Symbol.for("storyling.waitlist-runtime")

/**
 * The one waitlist runtime of this process, shared by every Function and
 * the server's program, with its worker started: the server calls it at
 * start (so a bad setting stops it there), and each Function on its first
 * request (so `gatsby develop` and `gatsby serve` deliver mail too).
 * @throws SettingsError when a setting cannot work
 */
export function waitlistRuntime(): WaitlistRuntime {
  const holder = globalThis as { [RUNTIME]?: WaitlistRuntime }
  if (!holder[RUNTIME]) {
    holder[RUNTIME] = createWaitlistRuntime()
    holder[RUNTIME].worker.start()
  }
  return holder[RUNTIME]
}
