import { siteFacts } from "../../config/site-facts"
import type { AnnouncementIo } from "../announcements/announcement-service"
import { BounceMailbox } from "../bounces/bounce-mailbox"
import { deliverer } from "../mail/deliver"
import { MailPace, pacedSendMail } from "../mail/mail-pace"
import { createSendMail } from "../mail/mail-transport"
import { OutboxWorker } from "../mail/outbox-worker"
import { createLogger, type Logger } from "../observability/logger"
import { createMetrics, type Metrics } from "../observability/metrics"
import { settingsOfThisProcess, type MailSettings, type Settings } from "../settings"
import { ownHostsOf } from "../visits/create-visit-counter"
import { openWaitlistStore } from "./open-waitlist-store"
import type { WaitlistStore } from "./waitlist-store"

/** The window the rate limit counts submissions in. */
export const RATE_WINDOW_MS = 60_000

export type WaitlistContext = {
  /** The store, opened on first use. @throws StoreUnavailableError */
  store: () => WaitlistStore
  /** Accepted submissions per client and window; a limit of 0 turns it off. */
  rateLimit: { limit: number; windowMs: number }
  /** Count X-Forwarded-For (WAITLIST_TRUST_PROXY=1). */
  trustProxy: boolean
  /** Origins allowed besides the request's own host (the configured site URL). */
  allowedOrigins: string[]
  /** The site's own hosts (see ownHostsOf): a referrer there is no source of a visit or a sign-up. */
  siteHosts: readonly string[]
  mail: MailSettings
  /** What the announcements' operations use besides the store: their folder, the mail settings, and the process's paced transport for test mails. */
  announcements: Omit<AnnouncementIo, "store">
  /** Tells the outbox's worker that something was queued. */
  queued: () => void
  log: Logger
  /** Where sign-ups and deliveries are counted. */
  metrics: Metrics
  /** The time now (tests move it). */
  now: () => Date
}

/** The waitlist of a running server: what the handlers answer with, the worker delivering its outbox, the reader of the bounce mailbox (BOUNCE_IMAP_URL), and how to close its store (if it was opened). */
export type WaitlistRuntime = { context: WaitlistContext; worker: OutboxWorker; bounceMailbox: BounceMailbox | null; close: () => Promise<void> }

/**
 * Builds the waitlist's running state from the settings: the store (opened
 * lazily, and again after a failed attempt), the rate limit, the proxy,
 * origin and mail settings, and the outbox's worker (not started), logging
 * through `log` and counting in `metrics`.
 */
export function createWaitlistRuntime(
  settings: Settings,
  { log, metrics, now = () => new Date() }: { log: Logger; metrics: Metrics; now?: () => Date },
): WaitlistRuntime {
  let store: WaitlistStore | null = null
  const openStore = () => (store ??= openWaitlistStore(settings.store, log))
  const { mail } = settings
  const rateLimit = { limit: settings.rateLimit, windowMs: RATE_WINDOW_MS }
  const pace = new MailPace(mail.rate)
  const worker = new OutboxWorker({
    store: openStore,
    deliver: deliverer(pacedSendMail(createSendMail(mail, log), pace), mail),
    leaseMs: mail.leaseMs,
    retryBaseMs: mail.retryBaseMs,
    rateWindowMs: rateLimit.windowMs,
    log,
    pace,
    onOutcome: (delivery, outcome, bounce) => {
      metrics.deliveries.inc({ kind: delivery.kind, outcome })
      if (bounce) metrics.bounces.inc({ kind: bounce, source: "smtp" })
    },
  })
  const context: WaitlistContext = {
    store: openStore,
    rateLimit,
    trustProxy: settings.trustProxy,
    allowedOrigins: [new URL(siteFacts.siteUrl).origin, new URL(mail.siteUrl).origin],
    siteHosts: ownHostsOf(settings),
    mail,
    // An admin's test of an announcement: at the pace of every mail of the process, each of its few mails over a connection of its own, as the CLI's are.
    announcements: { dir: settings.announcementsDir, mail, sendMail: pacedSendMail(createSendMail(mail, log, { pooled: false }), pace), now },
    queued: () => worker.wake(),
    log,
    metrics,
    now,
  }
  const bounceMailbox = settings.bounceMailbox
    ? new BounceMailbox({ settings: settings.bounceMailbox, store: openStore, bounceAddress: mail.bounceAddress, log, onCounted: (kind) => metrics.bounces.inc({ kind, source: "mailbox" }) })
    : null
  return { context, worker, bounceMailbox, close: async () => void (await store?.close()) }
}

const RUNTIME = Symbol.for("storyling.waitlist-runtime")

/**
 * The one waitlist runtime of a Gatsby Functions process (`gatsby
 * develop`), shared by every Function, with its worker started on the
 * first request, so mail is delivered there too; it logs as the server
 * does, and its metrics are served nowhere. (The production server makes
 * its own at start, from the settings it read.)
 * @throws SettingsError when a setting cannot work
 */
export function functionsRuntime(): WaitlistRuntime {
  const holder = globalThis as { [RUNTIME]?: WaitlistRuntime }
  if (!holder[RUNTIME]) {
    const settings = settingsOfThisProcess()
    holder[RUNTIME] = createWaitlistRuntime(settings, { log: createLogger(settings.log), metrics: createMetrics() })
    holder[RUNTIME].worker.start()
  }
  return holder[RUNTIME]
}
