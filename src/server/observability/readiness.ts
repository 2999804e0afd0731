import type { Logger } from "./logger"

/** Deliveries waiting, and when the oldest of them was queued (null for none): what the outbox reports of itself. */
type PendingDeliveries = { pending: number; oldestPendingAt: Date | null }

/** The outbox's depth as readiness is given it: pending in all and by lane, and the mails of paused announcements apart. */
export type OutboxDepthReading = PendingDeliveries & { paused: number; lanes: Record<string, PendingDeliveries> }

/** Deliveries waiting, and how long ago the oldest of them was queued (null for none). */
export type PendingBacklog = { pending: number; oldestPendingSeconds: number | null }

/** Where the outbox stands, as /readyz reports it. */
export type OutboxBacklog = PendingBacklog & { paused: number; lanes: Record<string, PendingBacklog> }

/** How long the store has to answer before the instance counts as not ready. */
export const STORE_ANSWER_MS = 1000

/** How long a reading is reused: probes and scrapes arriving together cost the store one query. */
const REUSE_MS = 1000

/** What /readyz answers: whether the instance should be sent visitors, what is not ready, and the outbox's backlog. */
export type ReadinessReport = {
  ready: boolean
  /** The parts that are not ready: `store` (no answer within a second), `shutdown` (the instance is stopping). */
  notReady: ("store" | "shutdown")[]
  store: "ok" | "unavailable" | "slow"
  /** The backlog, as the store gave it; null when it did not. */
  outbox: OutboxBacklog | null
  /**
   * Whether the bounce mailbox (BOUNCE_IMAP_URL) could be read at its last
   * poll; "off" without one. Said, never a reason to be unready: visitors
   * are served all the same, and a bounce waits in the mailbox meanwhile.
   */
  bounceMailbox: "off" | "ok" | "failing"
}

export type ReadinessOptions = {
  /** Reads the outbox's depth from the database: whether it answers is what readiness asks. */
  outboxDepth: () => Promise<OutboxDepthReading>
  /** Whether a shutdown is under way (the instance takes no new visitors). */
  stopping: () => boolean
  /** Whether the bounce mailbox could be read at its last poll; none without one. */
  bounceMailboxReadable?: () => boolean
  log: Logger
}

/**
 * The instance's readiness: whether its store answers a query (the
 * outbox's backlog) within STORE_ANSWER_MS, and whether it is stopping.
 * One query at a time: while one is still out, a check says the store is
 * slow rather than sending another; a reading is reused for REUSE_MS. The
 * store's failures are logged when the state changes, not at every probe.
 */
export function createReadiness({ outboxDepth, stopping, bounceMailboxReadable, log }: ReadinessOptions) {
  let query: Promise<OutboxBacklog> | null = null
  let last: { at: number; store: ReadinessReport["store"]; outbox: OutboxBacklog | null } | null = null
  let wasDown = false

  const readBacklog = async (): Promise<OutboxBacklog> => {
    const now = new Date()
    const depth = await outboxDepth()
    const aged = ({ pending, oldestPendingAt }: PendingDeliveries): PendingBacklog => ({
      pending,
      oldestPendingSeconds:
        oldestPendingAt === null ? null : Math.max(0, Math.round((now.getTime() - oldestPendingAt.getTime()) / 1000)),
    })
    return {
      ...aged(depth),
      paused: depth.paused,
      lanes: Object.fromEntries(Object.entries(depth.lanes).map(([lane, pending]) => [lane, aged(pending)])),
    }
  }

  const noted = (state: ReadinessReport["store"], cause?: string) => {
    const down = state !== "ok"
    if (down && !wasDown) log.warn({ store: state, cause }, "readiness: the store is not ready")
    if (!down && wasDown) log.info("readiness: the store answers again")
    wasDown = down
  }

  const probeStore = async (): Promise<{ store: ReadinessReport["store"]; outbox: OutboxBacklog | null }> => {
    if (query) return { store: "slow", outbox: null }
    const started = (query = readBacklog().finally(() => (query = null)))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), STORE_ANSWER_MS)))
    try {
      const outcome = await Promise.race([started, late])
      if (outcome === "late") {
        noted("slow", `no answer within ${STORE_ANSWER_MS} ms`)
        return { store: "slow", outbox: null }
      }
      noted("ok")
      return { store: "ok", outbox: outcome }
    } catch (error) {
      noted("unavailable", error instanceof Error ? error.message : String(error))
      return { store: "unavailable", outbox: null }
    } finally {
      clearTimeout(timer)
    }
  }

  let reading: Promise<{ store: ReadinessReport["store"]; outbox: OutboxBacklog | null }> | null = null
  const storeReading = async () => {
    if (last && Date.now() - last.at < REUSE_MS) return last
    reading ??= probeStore()
      .then((read) => (last = { ...read, at: Date.now() }))
      .finally(() => (reading = null))
    return reading
  }

  return {
    /** Where the instance stands now. */
    async check(): Promise<ReadinessReport> {
      const { store: state, outbox } = await storeReading()
      const notReady: ReadinessReport["notReady"] = []
      if (state !== "ok") notReady.push("store")
      if (stopping()) notReady.push("shutdown")
      const bounceMailbox = bounceMailboxReadable ? (bounceMailboxReadable() ? "ok" : "failing") : "off"
      return { ready: notReady.length === 0, notReady, store: state, outbox, bounceMailbox }
    },
  }
}

export type Readiness = ReturnType<typeof createReadiness>
