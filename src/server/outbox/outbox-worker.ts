import type { Db } from "../db/db"
import { withoutUserInfo } from "../observability/without-user-info"
import type { Logger } from "../observability/logger"
import type { DeliveryResult } from "./deliver"
import type { MailMessage } from "../mails/mail-message"
import { DELIVERY_HEADER, deliveryTag, verpAddress } from "./delivery-tags"
import {
  KINDS_OF_LANE,
  LANES,
  laneOf,
  nextAttempt,
  type BounceKind,
  type Delivery,
  type DeliveryKind,
  type DeliveryKinds,
  type DeliveryLane,
  type Outgoing,
} from "./deliveries"
import type { MailPace } from "./mail-pace"
import { claimDue, markFailed, markSent, releaseClaims, renewLeases } from "./outbox-queries"

export type OutboxWorkerOptions = {
  db: Db
  /** How each kind of delivery is written and what its outcome records (see DeliveryKindHandler). */
  kinds: DeliveryKinds
  /** Makes one try at a written delivery, giving up when the signal aborts (the try's deadline: see tryDeadlineMs). Never rejects. */
  send: (delivery: Delivery, outgoing: Outgoing, signal: AbortSignal) => Promise<DeliveryResult>
  /** How long a claimed delivery is this instance's alone. */
  leaseMs: number
  /** The wait before a failed delivery's first retry. */
  retryBaseMs: number
  log: Logger
  /** Hears what became of each try, and the bounce a refusal was (the metrics count them). */
  onOutcome?: (delivery: Delivery, outcome: DeliveryOutcome, bounce?: BounceKind) => void
  /** How often the outbox is looked at when nothing wakes the worker: the worker's tick. */
  pollMs?: number
  /** How many tries each lane makes at once (LANE_SLOTS by default). */
  slots?: Record<DeliveryLane, number>
  /** The process's mail rate (see MailPace); none: as fast as the slots allow. */
  pace?: MailPace
  /** Where bounces return (BOUNCE_ADDRESS): each mail's envelope sender is its delivery's VERP address there (see tagged). */
  bounceAddress?: string | null
  /** The time now, which says what is due and when a lease ends (the server's clock, which tests move). */
  now?: () => Date
}

/**
 * How many tries each lane makes at once: as many mails as the SMTP pool
 * has connections, and as many webhook events. A peer that never answers
 * holds one slot of its lane until its try's deadline, never the others.
 */
export const LANE_SLOTS: Record<DeliveryLane, number> = { mail: 4, webhook: 4, bulk: 2 }

/**
 * What became of one try: sent, to be tried again, failed for good,
 * refused by the receiving server as an address that bounced (hard or
 * soft, see classifySmtpRefusal), or given back unfinished at a stop (see
 * OutboxWorker.stop).
 */
export type DeliveryOutcome = "sent" | "retry" | "failed" | "bounced" | "released"

/**
 * How long one try may take in all: half its lease, so that it is over, and
 * its outcome recorded, while the lease still holds (renewals aside).
 */
export const tryDeadlineMs = (leaseMs: number): number => Math.floor(leaseMs / 2)

/** A claimed delivery, ready to be tried: how to write it. */
export type Claimed = { delivery: Delivery; write: () => Outgoing }

/**
 * Claims up to `max` due deliveries of these kinds for a lease, each loaded
 * by its kind in the claim's transaction; one its kind gives up (an address
 * suppressed since it was queued) fails at once, without a try.
 */
export function claimDeliveries(
  db: Db,
  kinds: DeliveryKinds,
  of: readonly DeliveryKind[],
  now: Date,
  leaseMs: number,
  max: number,
): Promise<Claimed[]> {
  return db.write(async (trx) => {
    const claimed: Claimed[] = []
    for (const delivery of await claimDue(db, trx, of, now, leaseMs, max)) {
      const kind = kinds[delivery.kind]
      const loaded = await kind.load(trx, delivery, now)
      if ("write" in loaded) {
        claimed.push({ delivery, write: loaded.write })
        continue
      }
      await markFailed(trx, delivery.id, loaded.giveUp, null)
      await kind.settled?.(trx, delivery, { status: "failed", tryFailed: false, error: loaded.giveUp }, now)
    }
    return claimed
  })
}

/** Records a try's outcome, and tells its kind, in one transaction: sent, or failed and tried again after a growing wait, or failed for good. */
export function recordOutcome(
  db: Db,
  kinds: DeliveryKinds,
  delivery: Delivery,
  result: DeliveryResult,
  retryBaseMs: number,
  now = new Date(),
): Promise<Exclude<DeliveryOutcome, "released">> {
  return db.write(async (trx) => {
    const kind = kinds[delivery.kind]
    if (result.ok) {
      await markSent(trx, delivery.id, now)
      await kind.settled?.(trx, delivery, { status: "sent", tryFailed: false }, now)
      return "sent"
    }
    const next = nextAttempt(delivery, now, result.permanent, retryBaseMs)
    await markFailed(trx, delivery.id, result.error, next)
    await kind.settled?.(
      trx,
      delivery,
      { status: next ? "retry" : "failed", tryFailed: true, bounce: result.bounce, error: result.error },
      now,
    )
    return result.bounce ? "bounced" : next === null ? "failed" : "retry"
  })
}

/**
 * Delivers the outbox in the background: each lane its own slots, each try
 * under a lease (renewed, so never claimed twice) and a deadline shorter
 * than it, its outcome recorded with its kind in one transaction. It looks
 * again on a wake, a finished try and every tick, so a crashed instance's
 * deliveries are picked up.
 */
export class OutboxWorker {
  private running = false
  private loop: Promise<void> | null = null
  private timer: NodeJS.Timeout | null = null
  private renewer: NodeJS.Timeout | null = null
  private woken: (() => void) | null = null
  private again = false
  /** The lanes to look at next: each where something was queued, a try ended or more may be due; all of them at every tick. */
  private readonly wanted = new Set<DeliveryLane>(LANES)
  private storeDown = false
  /** The tries under way in each lane, each settling once its outcome is recorded. */
  private readonly tries: Record<DeliveryLane, Set<Promise<void>>> = {
    mail: new Set(),
    webhook: new Set(),
    bulk: new Set(),
  }
  /** The deliveries whose try is still under way, whose leases are renewed. */
  private readonly leased = new Set<Delivery>()
  /** Aborts the tries still under way when a stop's grace is over: their claims are given back. */
  private readonly abandon = new AbortController()
  private readonly released: number[] = []
  private readonly slots: Record<DeliveryLane, number>
  /** Whether the last look at the outbox was held back by the mail rate: look again when it allows. */
  private paced = false

  constructor(private readonly options: OutboxWorkerOptions) {
    this.slots = options.slots ?? LANE_SLOTS
  }

  private now(): Date {
    return this.options.now?.() ?? new Date()
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.renewer = setInterval(() => this.renewLeases(), this.options.leaseMs / 3)
    this.renewer.unref()
    this.loop = this.run()
  }

  /** Looks at the lanes of these kinds now: deliveries of them were just queued. */
  wake(kinds: readonly DeliveryKind[]): void {
    for (const kind of kinds) this.wanted.add(laneOf(kind))
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
    const grace = Number.isFinite(graceMs)
      ? setTimeout(() => this.abandon.abort(new Error("the server is stopping")), graceMs)
      : undefined
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
        this.storeReached()
      } catch (error) {
        this.storeUnreachable(error)
        for (const lane of LANES) this.wanted.add(lane)
      }
      const tick = this.options.pollMs ?? 1000
      if (
        !this.again &&
        !(await this.sleep(this.paced ? Math.min(tick, Math.max(1, this.options.pace?.waitMs() ?? tick)) : tick))
      ) {
        for (const lane of LANES) this.wanted.add(lane)
      }
    }
  }

  private storeReached() {
    if (this.storeDown) this.options.log.info("outbox: the store is back; delivering again")
    this.storeDown = false
  }

  private storeUnreachable(error: unknown) {
    if (!this.storeDown)
      this.options.log.warn({ cause: (error as Error).message }, "outbox: cannot reach the store, will try again")
    this.storeDown = true
  }

  /** Waits `ms`; a nudge or a stop ends the wait early. Resolves with whether it was ended early. */
  private sleep(ms: number) {
    return new Promise<boolean>((resolve) => {
      const done = (early: boolean) => {
        if (this.timer) clearTimeout(this.timer)
        this.woken = null
        resolve(early)
      }
      this.woken = () => done(true)
      this.timer = setTimeout(() => done(false), ms)
      this.timer.unref()
    })
  }

  /** Claims a due delivery for each free slot of each lane, and begins its try. */
  private async fillSlots() {
    const { pace } = this.options
    this.paced = false
    // In the order of LANES: confirmations and team mail get the mail rate's starts before announcements.
    for (const lane of LANES) {
      if (!this.wanted.has(lane)) continue
      const free = this.slots[lane] - this.tries[lane].size
      const max = pace ? pace.allowance(lane, free) : free
      if (max <= 0) {
        this.paced ||= free > 0
        continue
      }
      this.wanted.delete(lane)
      const claimed = await claimDeliveries(
        this.options.db,
        this.options.kinds,
        KINDS_OF_LANE[lane],
        this.now(),
        this.options.leaseMs,
        max,
      )
      pace?.began(lane, claimed.length)
      this.paced ||= claimed.length === max && max < free
      for (const delivery of claimed) this.begin(lane, delivery)
      // More may be due: look again at once.
      if (claimed.length === max) {
        this.wanted.add(lane)
        this.again = true
      }
    }
  }

  /** Makes one try at a claimed delivery in a slot of its lane, within its deadline, and records the outcome. */
  private begin(lane: DeliveryLane, { delivery, write }: Claimed) {
    const { db, leaseMs, log, onOutcome } = this.options
    const deadline = new AbortController()
    const limit = tryDeadlineMs(leaseMs)
    const timer = setTimeout(() => deadline.abort(new Error(`nothing came back within ${limit / 1000} s`)), limit)
    timer.unref()
    this.leased.add(delivery)
    const settled = (async () => {
      const signal = AbortSignal.any([deadline.signal, this.abandon.signal])
      const result = await this.attempt(delivery, write, signal)
      clearTimeout(timer)
      this.leased.delete(delivery)
      if (this.abandon.signal.aborted && !result.ok) {
        await db.write((trx) => releaseClaims(trx, [delivery]))
        this.released.push(delivery.id)
        return onOutcome?.(delivery, "released")
      }
      const outcome = await recordOutcome(
        db,
        this.options.kinds,
        delivery,
        result,
        this.options.retryBaseMs,
        this.now(),
      )
      if (!result.ok && result.loginRefused)
        log.error(
          { deliveryId: delivery.id, kind: delivery.kind, cause: result.error },
          "outbox: the mail server refused our login: check SMTP_URL's user and password; the mail waits and is tried again",
        )
      // Ids only: the logger takes addresses out of the cause too, and the store keeps it whole (`npm run waitlist -- outbox`).
      if (!result.ok && outcome !== "retry")
        log.warn(
          { deliveryId: delivery.id, kind: delivery.kind, cause: result.error, bounce: result.bounce },
          "outbox: a delivery failed for good",
        )
      onOutcome?.(delivery, outcome, result.ok ? undefined : result.bounce)
    })()
      // A try whose outcome cannot be recorded is left to its lease, and tried again after it.
      .catch((error: unknown) => this.storeUnreachable(error))
      .finally(() => {
        this.tries[lane].delete(settled)
        this.wanted.add(lane)
        this.nudge()
      })
    this.tries[lane].add(settled)
  }

  /** Writes the delivery (a failure to write it is for good: no later try could) and sends it. Never rejects. */
  private async attempt(delivery: Delivery, write: () => Outgoing, signal: AbortSignal): Promise<DeliveryResult> {
    let outgoing: Outgoing
    try {
      outgoing = write()
    } catch (error) {
      return {
        ok: false,
        permanent: true,
        error: `cannot write the mail: ${(error instanceof Error ? error.message : String(error)).slice(0, 500)}`,
      }
    }
    if ("mail" in outgoing) outgoing = { mail: this.tagged(delivery, outgoing.mail) }
    const result = await this.options
      .send(delivery, outgoing, signal)
      .catch((error: unknown): DeliveryResult => ({ ok: false, permanent: false, error: String(error) }))
    // A peer's error may quote the URL it was given: what is stored and logged never holds its password.
    return result.ok ? result : { ...result, error: withoutUserInfo(result.error) }
  }

  /** A mail with its delivery's tag (see delivery-tags.ts): in a header, and in the envelope's bounce address when there is one. */
  private tagged(delivery: Delivery, mail: MailMessage): MailMessage {
    const tag = deliveryTag(this.options.db.secret("bounce_key"), delivery.id)
    const { bounceAddress } = this.options
    return {
      ...mail,
      deliveryTag: tag,
      headers: { ...mail.headers, [DELIVERY_HEADER]: tag },
      ...(bounceAddress ? { envelopeFrom: verpAddress(bounceAddress, tag) } : {}),
    }
  }

  /**
   * Renews the leases of the tries under way, so that a try outlasting its
   * lease (its deadline aside, a stalled event loop) is not claimed and
   * sent a second time meanwhile. A renewal that fails leaves the lease to
   * run out, as it would if the process had died.
   */
  private renewLeases() {
    if (this.leased.size === 0) return
    const claims = [...this.leased]
    this.options.db.write((trx) => renewLeases(trx, claims, this.now(), this.options.leaseMs)).catch(() => {})
  }
}
