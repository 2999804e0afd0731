/**
 * The server's periodic work in one place (periodicJobs in assemble.ts
 * lists it): each job runs at start and every `everyMs`, never twice at
 * once, its failures logged when they begin and end. The outbox's worker
 * keeps its own tick: it is a service, not housekeeping.
 */
import type { Logger } from "./observability/logger"

export type Job = {
  /** What the job does, as the log names it. */
  name: string
  everyMs: number
  /** One run; `now` is the server's clock (tests move it). */
  run: (now: Date) => Promise<void>
  /** Asks a run under way to end soon, at a stop (after the message it is handling, say). */
  finishSoon?: () => void
  /** Gives up a run under way when a stop's grace is over (closes its connection); the run then ends soon after. */
  abandon?: () => void
}

export type Scheduler = {
  start(): void
  /** Stops scheduling and waits for the runs under way; past `graceMs`, abandons them (see Job's abandon). */
  stop(graceMs?: number): Promise<void>
}

export function createScheduler(
  jobs: readonly Job[],
  { log, now = () => new Date() }: { log: Logger; now?: () => Date },
): Scheduler {
  const timers: NodeJS.Timeout[] = []
  const running = new Map<Job, Promise<void>>()
  const failing = new Set<Job>()

  const runOnce = (job: Job) => {
    if (running.has(job)) return
    const run = job
      .run(now())
      .then(() => {
        if (failing.delete(job)) log.info({ job: job.name }, "scheduler: a job works again")
      })
      .catch((error: unknown) => {
        if (!failing.has(job))
          log.warn(
            { job: job.name, cause: error instanceof Error ? error.message : String(error) },
            "scheduler: a job failed; it runs again at its next time",
          )
        failing.add(job)
      })
      .finally(() => running.delete(job))
    running.set(job, run)
  }

  return {
    start() {
      if (timers.length > 0) return
      for (const job of jobs) {
        const timer = setInterval(() => runOnce(job), job.everyMs)
        timer.unref()
        timers.push(timer)
        runOnce(job)
      }
    },
    async stop(graceMs = Number.POSITIVE_INFINITY) {
      for (const timer of timers.splice(0)) clearInterval(timer)
      for (const job of running.keys()) job.finishSoon?.()
      const grace = Number.isFinite(graceMs)
        ? setTimeout(() => [...running.keys()].forEach((job) => job.abandon?.()), graceMs)
        : undefined
      await Promise.all(running.values())
      clearTimeout(grace)
    },
  }
}
