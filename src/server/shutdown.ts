/**
 * The clean shutdown on SIGTERM or SIGINT, within SHUTDOWN_TIMEOUT_MS: what
 * a load balancer, a process manager or an orchestrator expects of a
 * service it restarts.
 */
import type http from "http"
import type { Logger } from "./observability/logger"

/** How often idle keep-alive connections are closed while requests drain. */
const SWEEP_MS = 100

/** The part of the timeout kept, after the outbox's tries, for giving back their claims and closing the store. */
const closingMarginMs = (timeoutMs: number) => Math.min(1000, Math.floor(timeoutMs / 4))

export type ShutdownParts = {
  /** The site's server. */
  server: http.Server
  /** The metrics' listener, closed last (a scrape during the drain still answers). */
  metricsServer: http.Server | null
  /** The outbox's worker: stopped with a grace, after which its unfinished tries' claims are given back (see OutboxWorker.stop). */
  worker: { stop(graceMs: number): Promise<number[]>; underWay(): number[] }
  /** The periodic jobs: none begins any more, and those under way end within the grace the worker has (the bounce mailbox's poll after its message: see Scheduler.stop). */
  scheduler: { stop(graceMs: number): Promise<void> }
  /**
   * The counters of visits and store clicks, when counting is on: once
   * every request is answered, they write the counts still in memory (see
   * VisitCounter's close), within the grace the worker has; past it they
   * are left out.
   */
  counts: { close(): Promise<void> }[]
  /** Closes the store, once nothing uses it any more. */
  closeStore: () => Promise<void>
  /** The requests being answered (see observeRequests): how many, and a way to make every answer from now on close its connection. */
  requests: { inFlight: () => number; lastAnswers: () => void }
  timeoutMs: number
  log: Logger
  exit: (code: number) => void
}

const closed = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/**
 * Waits up to `ms` for the counts of visits to be written; past it, says so
 * and goes on: the store then closes under the write, which logs how many
 * page views it loses.
 */
async function countsWritten(counts: ShutdownParts["counts"], ms: number, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), Math.max(0, ms))))
  const outcome = await Promise.race([Promise.all(counts.map((counter) => counter.close())), late])
  clearTimeout(timer)
  if (outcome === "late") log.warn({ ms }, "shutdown: the counts of visits were not written in time; they are left out")
}

/**
 * Stops the process cleanly on the first SIGTERM or SIGINT: every request
 * received is answered, the worker's and jobs' tries finish or give their
 * claims back near the timeout, the counts in memory are written, then the
 * store closes (exit 0). Past `timeoutMs` or on a second signal it logs what
 * it abandons and exits with 1.
 */
export function gracefulShutdown({
  server,
  metricsServer,
  worker,
  scheduler,
  counts,
  closeStore,
  requests,
  timeoutMs,
  log,
  exit,
}: ShutdownParts) {
  let startedAt: number | null = null
  let over = false
  const finish = (code: number) => {
    if (over) return
    over = true
    exit(code)
  }
  const giveUp = (reason: string) => {
    log.error(
      { reason, requestsInFlight: requests.inFlight(), deliveriesUnderWay: worker.underWay() },
      "shutdown: not finished in time; abandoning the requests still in flight, and the deliveries still being tried to their lease",
    )
    finish(1)
  }

  const begin = (signal: string) => {
    if (startedAt !== null) return giveUp(`a second ${signal}`)
    startedAt = Date.now()
    log.info({ signal, timeoutMs }, "shutdown: no new connections; answering the requests under way")
    requests.lastAnswers()
    const httpDone = closed(server)
    server.closeIdleConnections()
    const sweeper = setInterval(() => server.closeIdleConnections(), SWEEP_MS)
    const deadline = setTimeout(() => giveUp(`SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms) passed`), timeoutMs)
    const graceMs = Math.max(0, timeoutMs - closingMarginMs(timeoutMs))
    const workerDone = worker.stop(graceMs)
    const jobsDone = scheduler.stop(graceMs)
    // Every page view is counted once its answer has gone: the counts are written after the last one.
    const visitsDone = httpDone.then(() =>
      counts.length > 0 ? countsWritten(counts, graceMs - (Date.now() - (startedAt ?? Date.now())), log) : undefined,
    )
    void Promise.all([visitsDone, workerDone, jobsDone])
      .then(async ([, released]) => {
        clearInterval(sweeper)
        if (released.length > 0)
          log.info({ deliveryIds: released }, "shutdown: deliveries not finished were given back for another instance")
        await closeStore()
        if (metricsServer) {
          metricsServer.closeAllConnections()
          await closed(metricsServer)
        }
        clearTimeout(deadline)
        log.info({ ms: Date.now() - (startedAt ?? Date.now()) }, "shutdown: done")
        finish(0)
      })
      .catch((error: unknown) =>
        giveUp(`the shutdown failed: ${error instanceof Error ? error.message : String(error)}`),
      )
  }

  return {
    begin,
    /** Whether a shutdown is under way (readiness answers 503). */
    stopping: () => startedAt !== null,
  }
}
