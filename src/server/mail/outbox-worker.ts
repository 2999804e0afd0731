import { performance } from "perf_hooks"
import type { Logger } from "../observability/logger"
import { nextAttempt, type BounceKind, type Delivery, type DeliveryLane } from "../waitlist/deliveries"
import type { WaitlistStore } from "../waitlist/waitlist-store"
import type { DeliveryResult } from "./deliver"
import type { MailPace } from "./mail-pace"

export type OutboxWorkerOptions = {
  store: () => WaitlistStore
  /** Makes one try, giving up when the signal aborts (the try's deadline: see tryDeadlineMs). */
  deliver: (delivery: Delivery, signal: AbortSignal) => Promise<DeliveryResult>
  /** How long a claimed delivery is this instance's alone. */
  leaseMs: number
  /** The wait before a failed delivery's first retry. */
  retryBaseMs: number
  /** The rate limit's window, whose old counts are pruned. */
  rateWindowMs: number
  log: Logger
  /** Hears what became of each try, and the bounce a refusal was (the metrics count them). */
  onOutcome?: (delivery: Delivery, outcome: DeliveryOutcome, bounce?: BounceKind) => void
  /** How often the outbox is looked at when nothing wakes the worker. */
  pollMs?: number
  /**
   * Whether the process is busy answering requests, asked after every
   * BATCH tries begun with the number of sign-ups that woke the worker
   * since the last ask; by default, when more arrived than a batch delivers
   * and the event loop worked more than BUSY_UTILIZATION of the time since
   * the last ask.
   */
  busy?: (wakes: number) => boolean
  /** How many tries each lane makes at once (LANE_SLOTS by default). */
  slots?: Record<DeliveryLane, number>
  /** The process's mail rate (see MailPace); none: as fast as the slots allow. */
  pace?: MailPace
}

/**
 * How many tries each lane makes at once: as many mails as the SMTP pool
 * has connections, and as many webhook events. A peer that never answers
 * holds one slot of its lane until its try's deadline, never the others.
 */
export const LANE_SLOTS: Record<DeliveryLane, number> = { mail: 4, webhook: 4, bulk: 2 }

const LANES = Object.keys(LANE_SLOTS) as DeliveryLane[]

/**
 * What became of one try: sent, to be tried again, failed for good,
 * refused by the receiving server as an address that bounced (hard or
 * soft, see classifySmtpRefusal: counted, and suppressing it when hard), or
 * given back unfinished at a stop (see OutboxWorker.stop).
 */
export type DeliveryOutcome = "sent" | "retry" | "failed" | "bounced" | "released"

/**
 * How long one try may take in all: half its lease, so that it is over, and
 * its outcome recorded, while the lease still holds (renewals aside).
 */
export const tryDeadlineMs = (leaseMs: number): number => Math.floor(leaseMs / 2)

/** How many tries may begin between two asks whether the process is busy. */
const BATCH = 10

/**
 * While the event loop is this busy (the share of time it spent working
 * since the last ask), sign-ups come first: after BATCH tries the worker
 * waits BUSY_PAUSE_MS before it begins more, so a burst is answered at full
 * speed and its mail follows, BATCH deliveries a pause, and at full speed
 * after it.
 */
const BUSY_UTILIZATION = 0.8
const BUSY_PAUSE_MS = 1000

/**
 * Whether sign-ups are arriving faster than a batch delivers while the event
 * loop worked more than BUSY_UTILIZATION of the time since the last call.
 * The sign-ups count too: the worker's own work on a backlog keeps the loop
 * busy, and must not slow the backlog down once the burst is over.
 */
function eventLoopBusy(): (wakes: number) => boolean {
  let last = performance.eventLoopUtilization()
  return (wakes) => {
    const since = performance.eventLoopUtilization(last)
    last = performance.eventLoopUtilization()
    return wakes > BATCH && since.utilization > BUSY_UTILIZATION
  }
}

/** How often old rate-limit counts are pruned. */
const PRUNE_EVERY_MS = 60_000

/**
 * Delivers the outbox in the background of the server: mail and webhook
 * events each in a lane of its own, with a few slots each. As soon as a
 * slot is free it claims a due delivery of that lane for a lease and makes
 * one try at it, with a deadline shorter than the lease, then records the
 * outcome (sent, retried later with a growing wait, or failed for good).
 * The leases of tries under way are renewed every third of a lease, so a
 * try is never claimed twice. It looks again at once after a sign-up
 * (wake) or a finished try, and otherwise every second, so a delivery left
 * by a crashed instance or a failed try is picked up. While the process is
 * busy answering a burst, it begins BATCH tries a second (the sign-ups'
 * answers never wait for mail). A store that cannot be reached is logged
 * once until it comes back.
 */
export class OutboxWorker {
  private running = false
  private loop: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private renewer: NodeJS.Timeout | null = null
  private woken: (() => void) | null = null
  private again = false
  private storeDown = false
  private lastPrune = 0
  private readonly busy: (wakes: number) => boolean
  private wakes = 0
  /** Tries begun since the worker last asked whether the process is busy. */
  private begun = 0
  /** The tries under way in each lane, each settling once its outcome is recorded. */
  private readonly tries: Record<DeliveryLane, Set<Promise<void>>> = { mail: new Set(), webhook: new Set(), bulk: new Set() }
  /** The deliveries whose try is still under way, whose leases are renewed. */
  private readonly leased = new Set<Delivery>()
  /** Aborts the tries still under way when a stop's grace is over: their claims are given back. */
  private readonly abandon = new AbortController()
  private readonly released: number[] = []
  private readonly slots: Record<DeliveryLane, number>
  /** Whether the last look at the outbox was held back by the mail rate: look again when it allows. */
  private paced = false

  constructor(private readonly options: OutboxWorkerOptions) {
    this.busy = options.busy ?? eventLoopBusy()
    this.slots = options.slots ?? LANE_SLOTS
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.renewer = setInterval(() => this.renewLeases(), this.options.leaseMs / 3)
    this.renewer.unref()
    this.loop = this.run()
  }

  /** Looks at the outbox now: something was just queued. */
  wake(): void {
    this.wakes += 1
    this.nudge()
  }

  /**
   * Stops claiming, and waits for the tries under way to end (each does by
   * its deadline). Those still under way after `graceMs` are abandoned and
   * their claims given back, so another instance takes them at once rather
   * than when their lease runs out; a claim that cannot be given back (the
   * store is down) is left to its lease.
   * @returns the ids of the deliveries given back
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<number[]> {
    this.running = false
    this.nudge()
    const grace = Number.isFinite(graceMs) ? setTimeout(() => this.abandon.abort(new Error("the server is stopping")), graceMs) : undefined
    await this.loop
    await Promise.all(LANES.flatMap((lane) => [...this.tries[lane]]))
    clearTimeout(grace)
    if (this.renewer) clearInterval(this.renewer)
    return this.released
  }

  /** The ids of the deliveries whose try is under way. */
  underWay(): number[] {
    return [...this.leased].map((delivery) => delivery.id)
  }

  /** Ends the worker's wait: a slot is free, or something was queued. */
  private nudge() {
    this.again = true
    this.woken?.()
  }

  private async run() {
    while (this.running) {
      this.again = false
      try {
        await this.fillSlots()
        await this.prune()
        this.storeReached()
      } catch (error) {
        this.storeUnreachable(error)
      }
      const poll = this.options.pollMs ?? 1000
      if (!this.again) await this.sleep(this.paced ? Math.min(poll, Math.max(1, this.options.pace?.waitMs() ?? poll)) : poll)
    }
  }

  private storeReached() {
    if (this.storeDown) this.options.log.info("outbox: the store is back; delivering again")
    this.storeDown = false
  }

  private storeUnreachable(error: unknown) {
    if (!this.storeDown) this.options.log.warn({ cause: (error as Error).message }, "outbox: cannot reach the store, will try again")
    this.storeDown = true
  }

  /** Waits `ms`; a nudge ends the wait early unless `wakeable` is false, and a stop always does. */
  private sleep(ms: number, wakeable = true) {
    return new Promise<void>((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer)
        this.woken = null
        resolve()
      }
      this.woken = () => {
        if (wakeable || !this.running) done()
      }
      this.timer = setTimeout(done, ms)
      this.timer.unref()
    })
  }

  /** Claims a due delivery for each free slot of each lane, and begins its try. */
  private async fillSlots() {
    if (this.begun >= BATCH) {
      const wakes = this.wakes
      this.wakes = 0
      this.begun = 0
      if (this.busy(wakes)) await this.sleep(BUSY_PAUSE_MS, false)
      if (!this.running) return
    }
    const outbox = this.options.store().outbox
    const { pace } = this.options
    this.paced = false
    // In the order of LANES: confirmations and team mail get the mail rate's starts before announcements.
    for (const lane of LANES) {
      const free = Math.min(this.slots[lane] - this.tries[lane].size, BATCH - this.begun)
      const max = pace ? pace.allowance(lane, free) : free
      if (max <= 0) {
        this.paced ||= free > 0
        continue
      }
      const claimed = await outbox.claim(new Date(), this.options.leaseMs, max, lane)
      pace?.began(lane, claimed.length)
      this.paced ||= claimed.length === max && max < free
      for (const delivery of claimed) this.begin(lane, delivery)
      this.begun += claimed.length
      // More may be due: look again once the busy check is made, or a slot frees.
      if (claimed.length === max) this.again = true
    }
  }

  /** Makes one try at a claimed delivery in a slot of its lane, within its deadline, and records the outcome. */
  private begin(lane: DeliveryLane, delivery: Delivery) {
    const { store, deliver, leaseMs, retryBaseMs, log, onOutcome } = this.options
    const deadline = new AbortController()
    const limit = tryDeadlineMs(leaseMs)
    const timer = setTimeout(() => deadline.abort(new Error(`nothing came back within ${limit / 1000} s`)), limit)
    timer.unref()
    this.leased.add(delivery)
    const settled = (async () => {
      const signal = AbortSignal.any([deadline.signal, this.abandon.signal])
      const result = await deliver(delivery, signal).catch((error: unknown): DeliveryResult => ({ ok: false, permanent: false, error: String(error) }))
      clearTimeout(timer)
      this.leased.delete(delivery)
      const now = new Date()
      const outbox = store().outbox
      if (result.ok) {
        await outbox.complete(delivery.id, now)
        return onOutcome?.(delivery, "sent")
      }
      if (this.abandon.signal.aborted) {
        await outbox.release([delivery])
        this.released.push(delivery.id)
        return onOutcome?.(delivery, "released")
      }
      const next = nextAttempt(delivery, now, result.permanent, retryBaseMs)
      // Ids only: the logger takes addresses out of the cause too, and the store keeps it whole (`npm run waitlist -- outbox`).
      if (next === null) log.warn({ deliveryId: delivery.id, kind: delivery.kind, cause: result.error, bounce: result.bounce }, "outbox: a delivery failed for good")
      await outbox.fail(delivery.id, { error: result.error, nextAttemptAt: next, now, bounce: result.bounce })
      onOutcome?.(delivery, result.bounce ? "bounced" : next === null ? "failed" : "retry", result.bounce)
    })()
      // A try whose outcome cannot be recorded is left to its lease, and tried again after it.
      .catch((error: unknown) => this.storeUnreachable(error))
      .finally(() => {
        this.tries[lane].delete(settled)
        this.nudge()
      })
    this.tries[lane].add(settled)
  }

  /**
   * Renews the leases of the tries under way, so that a try outlasting its
   * lease (its deadline aside, a stalled event loop) is not claimed and
   * sent a second time meanwhile. A renewal that fails leaves the lease to
   * run out, as it would if the process had died.
   */
  private renewLeases() {
    if (this.leased.size === 0) return
    try {
      this.options.store().outbox.renew([...this.leased], new Date(), this.options.leaseMs).catch(() => {})
    } catch {
      // The store cannot be opened: the leases run out.
    }
  }

  private async prune() {
    const now = Date.now()
    if (now - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = now
    await this.options.store().outbox.prune(new Date(now), this.options.rateWindowMs)
  }
}
