/**
 * The strength check of new passwords, off the event loop: one worker
 * thread (see password-strength-worker.ts) started when first needed (or
 * warmed when an invitation's page opens), answering one check at a time
 * within a deadline, and ended after a minute without work so that its
 * dictionaries do not stay in memory. A check past its deadline ends the
 * worker (a hostile password cannot keep a core busy) and refuses the
 * password; more than a few waiting checks are turned away at once.
 */
import { Worker } from "worker_threads"
import { workerScript } from "../threads/worker-entries"

/** The longest a check may take, the dictionaries' loading aside (docs/benchmarks.md has what one takes). */
export const CHECK_DEADLINE_MS = 10_000
/** How long the worker waits for the next check before it ends. */
const IDLE_MS = 60_000
/** The checks that may wait for the worker: past them a check is turned away (the admin is busy). */
const MAX_WAITING = 4
/** The worker's heap, past which it is ended rather than the server's memory taken. */
const WORKER_HEAP_MB = 512

/** Why a check was not made: the worker is busy with others, or could not answer in time. */
export class StrengthCheckBusyError extends Error {}

/** A password refused because its check took longer than CHECK_DEADLINE_MS. */
export const TOO_SLOW_TO_CHECK =
  "This password takes too long to check: choose another, with fewer repeated signs and symbols."

type Asking = { id: number; answer: (problem: string | null) => void; fail: (error: Error) => void }

/** The strength check's worker and its queue (see the module's header). */
export class PasswordChecker {
  private worker: Worker | null = null
  private ready: Promise<void> = Promise.resolve()
  private asking: Asking | null = null
  private queued = 0
  private chain: Promise<unknown> = Promise.resolve()
  private nextId = 1
  private idle: NodeJS.Timeout | null = null

  constructor(private readonly options: { deadlineMs?: number } = {}) {}

  /** Starts the worker now, so that a check soon to come finds its dictionaries loaded. */
  warm(): void {
    this.started()
    this.restartIdleTimer()
  }

  /**
   * Why the password is guessed too early (see strengthProblem), or null;
   * TOO_SLOW_TO_CHECK past the deadline. One check at a time, in order.
   * @throws StrengthCheckBusyError when MAX_WAITING checks wait already, or the worker failed
   */
  check(password: string, userInputs: string[]): Promise<string | null> {
    if (this.queued >= MAX_WAITING) return Promise.reject(new StrengthCheckBusyError("busy"))
    this.queued += 1
    const run = this.chain.then(() => this.ask(password, userInputs)).finally(() => (this.queued -= 1))
    this.chain = run.catch(() => undefined)
    return run
  }

  /** Ends the worker, failing the check under way (the server's shutdown). */
  async close(): Promise<void> {
    this.asking?.fail(new StrengthCheckBusyError("the server is stopping"))
    await this.stop()
  }

  private started(): Worker {
    if (this.worker) return this.worker
    const { file, execArgv } = workerScript("password-strength")
    const worker = new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
    worker.unref()
    this.worker = worker
    this.ready = new Promise((resolve, reject) => {
      worker.once("message", () => resolve())
      worker.once("error", reject)
      worker.once("exit", () => reject(new StrengthCheckBusyError("the strength check stopped")))
    })
    this.ready.catch(() => undefined)
    worker.on("message", (message: { id?: number; problem?: string | null }) => {
      if (message.id !== undefined && message.id === this.asking?.id) this.asking.answer(message.problem ?? null)
    })
    const stopped = (error: Error) => {
      if (this.worker !== worker) return
      this.worker = null
      this.asking?.fail(error)
    }
    worker.on("error", stopped)
    worker.on("exit", () => stopped(new StrengthCheckBusyError("the strength check stopped")))
    return worker
  }

  /** Asks the worker one check and waits for its answer, within the deadline once the dictionaries are loaded. */
  private async ask(password: string, userInputs: string[]): Promise<string | null> {
    const worker = this.started()
    if (this.idle) clearTimeout(this.idle)
    try {
      await this.ready
      return await new Promise<string | null>((answer, fail) => {
        const id = this.nextId++
        const deadline = setTimeout(() => {
          answer(TOO_SLOW_TO_CHECK)
          void this.stop()
        }, this.options.deadlineMs ?? CHECK_DEADLINE_MS)
        const settled =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(deadline)
            then(value)
          }
        this.asking = { id, answer: settled(answer), fail: settled(fail) }
        worker.postMessage({ id, password, userInputs })
      })
    } finally {
      this.asking = null
      this.restartIdleTimer()
    }
  }

  private restartIdleTimer() {
    if (this.idle) clearTimeout(this.idle)
    this.idle = setTimeout(() => void this.stop(), IDLE_MS)
    this.idle.unref()
  }

  /** Ends the worker (its dictionaries' memory given back); the next check starts another. */
  private async stop(): Promise<void> {
    const worker = this.worker
    this.worker = null
    if (this.idle) clearTimeout(this.idle)
    await worker?.terminate()
  }
}
