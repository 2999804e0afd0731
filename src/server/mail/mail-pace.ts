import type { DeliveryLane } from "../waitlist/deliveries"

/** The mail rate of the process: starts per second (spaced evenly) and per hour; 0 turns either off. */
export type MailRate = { perSecond: number; perHour: number }

const HOUR_MS = 3_600_000

/**
 * How fast the process may begin mail tries: never more than `perSecond`
 * in any one second, because tries begin at least 1/perSecond apart (an
 * even pace, which a receiving server also sees as even), and never more
 * than `perHour` in any one hour, because the start of the try perHour
 * tries back must be an hour old (a sliding log of start times). Webhook
 * events are not mail and are never held.
 *
 * Priority comes from the order the worker asks in: it asks for the lane of
 * confirmations and team mail before the bulk lane of announcements, each
 * time it fills its slots, so whenever both have mail due, the next start
 * goes to the former.
 */
export class MailPace {
  private nextAt = 0
  private readonly spacingMs: number
  /** The start times of the last `perHour` tries, oldest at `oldest`, when there is an hourly limit. */
  private readonly hour: Float64Array | null
  private oldest = 0

  constructor(
    rate: MailRate,
    private readonly clock: () => number = () => performance.timeOrigin + performance.now(),
  ) {
    this.spacingMs = rate.perSecond > 0 ? 1000 / rate.perSecond : 0
    const binding = rate.perHour > 0 && (rate.perSecond === 0 || rate.perHour < rate.perSecond * 3600)
    this.hour = binding ? new Float64Array(rate.perHour).fill(-Infinity) : null
  }

  /** How many tries of this lane may begin now, out of `wanted`. */
  allowance(lane: DeliveryLane, wanted: number): number {
    if (lane === "webhook" || wanted <= 0) return wanted
    const now = this.clock()
    if (now < this.nextAt || (this.hour && (this.hour[this.oldest] ?? 0) > now - HOUR_MS)) return 0
    return this.spacingMs === 0 && !this.hour ? wanted : 1
  }

  /** Records that `count` tries of this lane began now. */
  began(lane: DeliveryLane, count: number): void {
    if (lane === "webhook") return
    const now = this.clock()
    for (let i = 0; i < count; i += 1) {
      this.nextAt = Math.max(now, this.nextAt) + this.spacingMs
      if (this.hour) {
        this.hour[this.oldest] = now
        this.oldest = (this.oldest + 1) % this.hour.length
      }
    }
  }

  /** How long until the next mail try may begin (0: now). */
  waitMs(): number {
    const now = this.clock()
    const byHour = this.hour ? (this.hour[this.oldest] ?? 0) + HOUR_MS - now : 0
    return Math.max(0, this.nextAt - now, byHour)
  }
}
