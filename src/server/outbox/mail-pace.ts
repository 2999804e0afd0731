import type { DeliveryLane } from "./deliveries"
import type { SendMail } from "../mails/mail-transport"

/** The mail rate of the process: starts per second (spaced evenly) and per hour; 0 turns either off. */
export type MailRate = { perSecond: number; perHour: number }

const HOUR_MS = 3_600_000

/**
 * The margin the pace keeps below the limits: a mail reaches the receiving
 * server a little after its try begins, and one delayed more than the next
 * would make that server count one too many in a second.
 */
const MARGIN = 1.1

/**
 * How fast the process may begin mail tries: evenly spaced under
 * `perSecond`, and under `perHour` by a sliding log of starts, each with
 * MARGIN to spare; webhook events are no mail and never wait. Priority is
 * the worker's order of asking: the mail lane before the bulk lane.
 */
export class MailPace {
  private nextAt = 0
  /** When the last mail was handed to the transport (see handoff), and the turns waiting. */
  private lastHandoff = -Infinity
  private handoffs: Promise<void> = Promise.resolve()
  private readonly spacingMs: number
  /** The start times of the last `perHour` tries, oldest at `oldest`, when there is an hourly limit. */
  private readonly hour: Float64Array | null
  private oldest = 0

  constructor(
    rate: MailRate,
    private readonly clock: () => number = () => performance.timeOrigin + performance.now(),
  ) {
    this.spacingMs = rate.perSecond > 0 ? (1000 * MARGIN) / rate.perSecond : 0
    const binding = rate.perHour > 0 && (rate.perSecond === 0 || rate.perHour < rate.perSecond * 3600)
    this.hour = binding ? new Float64Array(rate.perHour).fill(-Infinity) : null
  }

  /** How many tries of this lane may begin now, out of `wanted`. */
  allowance(lane: DeliveryLane, wanted: number): number {
    if (lane === "webhook" || wanted <= 0) return wanted
    const now = this.clock()
    if (now < this.nextAt || (this.hour && (this.hour[this.oldest] ?? 0) > now - HOUR_MS * MARGIN)) return 0
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

  /**
   * Waits for the turn of a mail about to be handed to the transport: at
   * least the spacing after the last one. Tries are claimed at the pace
   * already, so this wait is short; it keeps a try whose mail took long to
   * write (the first of an announcement) from reaching the server right
   * before the next one, which a server would count as two in a moment.
   */
  handoff(signal?: AbortSignal): Promise<void> {
    // One after the other, each timed from the last one's actual moment: a timer that fires late delays the next.
    const turn = this.handoffs.then(async () => {
      const wait = this.lastHandoff + this.spacingMs - this.clock()
      if (wait > 0) {
        await new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(signal.reason as Error)
          const timer = setTimeout(resolve, wait)
          signal?.addEventListener("abort", () => {
            clearTimeout(timer)
            reject(signal.reason as Error)
          })
        })
      }
      this.lastHandoff = this.clock()
    })
    this.handoffs = turn.catch(() => undefined)
    return turn
  }

  /** How long until the next mail try may begin (0: now). */
  waitMs(): number {
    const now = this.clock()
    const byHour = this.hour ? (this.hour[this.oldest] ?? 0) + HOUR_MS * MARGIN - now : 0
    return Math.max(0, this.nextAt - now, byHour)
  }
}

/** A way of sending mail that hands each mail over at its turn of the pace (see MailPace's handoff). */
export const pacedSendMail =
  (sendMail: SendMail, pace: MailPace): SendMail =>
  async (message, signal) => {
    await pace.handoff(signal)
    await sendMail(message, signal)
  }
