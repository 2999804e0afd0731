import { performance } from "perf_hooks"
import { nextAttempt, type Delivery } from "../waitlist/deliveries"
import type { OutboxStore, WaitlistStore } from "../waitlist/waitlist-store"
import type { DeliveryResult } from "./deliver"

export type OutboxWorkerOptions = {
  store: () => WaitlistStore
  deliver: (delivery: Delivery) => Promise<DeliveryResult>
  /** How long a claimed delivery is this instance's alone. */
  leaseMs: number
  /** The wait before a failed delivery's first retry. */
  retryBaseMs: number
  /** The rate limit's window, whose old counts are pruned. */
  rateWindowMs: number
  log: (line: string) => void
  /** How often the outbox is looked at when nothing wakes the worker. */
  pollMs?: number
  /**
   * Whether the process is busy answering requests, asked after each full
   * batch with the number of sign-ups that woke the worker since the last
   * ask; by default, when more arrived than a batch delivers and the event
   * loop worked more than BUSY_UTILIZATION of the time since the last ask.
   */
  busy?: (wakes: number) => boolean
}

/** How many deliveries one look at the outbox claims. */
const BATCH = 10

/**
 * While the event loop is this busy (the share of time it spent working
 * since the last batch), sign-ups come first: the worker waits BUSY_PAUSE_MS
 * between batches, so a burst is answered at full speed and its mail
 * follows, at least BATCH deliveries per pause, and at full speed after it.
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

/**
 * Renews the leases of deliveries being tried every third of a lease, until
 * each is released, so that a try outlasting its lease (an SMTP server
 * trickling its answers, each within the socket's time limit) is not
 * claimed and sent a second time meanwhile. A renewal that fails leaves
 * the lease to run out, as it would if the process had died.
 */
function holdLeases(outbox: OutboxStore, claimed: Delivery[], leaseMs: number) {
  const tried = new Set(claimed)
  const timer = setInterval(() => {
    if (tried.size > 0) outbox.renew([...tried], new Date(), leaseMs).catch(() => {})
  }, leaseMs / 3)
  timer.unref()
  return { release: (delivery: Delivery) => tried.delete(delivery), stop: () => clearInterval(timer) }
}

/** How often old rate-limit counts are pruned. */
const PRUNE_EVERY_MS = 60_000

/**
 * Delivers the outbox in the background of the server: claims due
 * deliveries for a lease, makes one try at each, and records the outcome
 * (sent, retried later with a growing wait, or failed for good). It looks
 * again at once after a sign-up (wake) and otherwise every second, so a
 * delivery left by a crashed instance or a failed try is picked up. While
 * the process is busy answering a burst, it delivers one batch a second
 * (the sign-ups' answers never wait for mail). A store that cannot be
 * reached is logged once until it comes back.
 */
export class OutboxWorker {
  private running = false
  private loop: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private woken: (() => void) | null = null
  private again = false
  private storeDown = false
  private lastPrune = 0
  private readonly busy: (wakes: number) => boolean
  private wakes = 0

  constructor(private readonly options: OutboxWorkerOptions) {
    this.busy = options.busy ?? eventLoopBusy()
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  /** Looks at the outbox now: something was just queued. */
  wake(): void {
    this.wakes += 1
    this.again = true
    this.woken?.()
  }

  /** Stops after the deliveries under way; those not finished are left to their lease. */
  async stop(): Promise<void> {
    this.running = false
    this.wake()
    await this.loop
  }

  private async run() {
    while (this.running) {
      this.again = false
      let claimed = 0
      try {
        claimed = await this.deliverDue()
        await this.prune()
        if (this.storeDown) this.options.log("outbox: the store is back; delivering again")
        this.storeDown = false
      } catch (error) {
        if (!this.storeDown) this.options.log(`outbox: cannot reach the store, will try again: ${(error as Error).message}`)
        this.storeDown = true
      }
      if (claimed < BATCH && !this.again) await this.sleep(this.options.pollMs ?? 1000)
      else {
        const wakes = this.wakes
        this.wakes = 0
        if (this.busy(wakes)) await this.sleep(BUSY_PAUSE_MS, false)
      }
    }
  }

  /** Waits `ms`; a wake (something queued) ends the wait early unless `wakeable` is false, and a stop always does. */
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

  /** Claims one batch and tries each of its deliveries, holding their leases meanwhile; resolves with how many were claimed. */
  private async deliverDue(): Promise<number> {
    const { store, deliver, leaseMs, retryBaseMs, log } = this.options
    const outbox = store().outbox
    const claimed = await outbox.claim(new Date(), leaseMs, BATCH)
    const leases = holdLeases(outbox, claimed, leaseMs)
    await Promise.all(
      claimed.map(async (delivery) => {
        const result = await deliver(delivery)
        leases.release(delivery)
        const now = new Date()
        if (result.ok) return outbox.complete(delivery.id, now)
        const next = nextAttempt(delivery, now, result.permanent, retryBaseMs)
        if (next === null) log(`outbox: delivery ${delivery.id} (${delivery.kind} to ${delivery.recipient}) failed for good: ${result.error}`)
        return outbox.fail(delivery.id, { error: result.error, nextAttemptAt: next, now })
      }),
    ).finally(leases.stop)
    return claimed.length
  }

  private async prune() {
    const now = Date.now()
    if (now - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = now
    await this.options.store().outbox.prune(new Date(now), this.options.rateWindowMs)
  }
}
