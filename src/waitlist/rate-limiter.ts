import { runtimeEnv } from "./runtime-env"
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Counts accepted submissions per client in a sliding window. `limit` 0
 * turns it off. Forgotten clients are swept as they expire, so memory stays
 * bounded by the clients of the last window.
 */
export class RateLimiter {
  private readonly accepted = new Map<string, number[]>()
  private lastSweep = 0

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** May this client submit now? */
  check(client: string, now = Date.now()): RateDecision {
    if (this.limit <= 0) return { allowed: true }
    this.sweep(now)
    const times = this.recent(client, now)
    if (times.length < this.limit) return { allowed: true }
    const oldest = times[0] ?? now
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) }
  }

  /** Records an accepted submission of this client. */
  record(client: string, now = Date.now()): void {
    if (this.limit <= 0) return
    const times = this.recent(client, now)
    times.push(now)
    this.accepted.set(client, times)
  }

  /** Takes back a submission recorded at `time` that did not go through after all. */
  forget(client: string, time: number): void {
    const times = this.accepted.get(client) ?? []
    const index = times.indexOf(time)
    if (index >= 0) times.splice(index, 1)
  }

  private recent(client: string, now: number): number[] {
    return (this.accepted.get(client) ?? []).filter((time) => time > now - this.windowMs)
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return
    this.lastSweep = now
    for (const [client, times] of this.accepted) {
      if (times.every((time) => time <= now - this.windowMs)) this.accepted.delete(client)
    }
  }
}

/** The limit when WAITLIST_RATE_LIMIT is unset, empty or not a number. */
export const DEFAULT_RATE_LIMIT = 5

/**
 * WAITLIST_RATE_LIMIT as a whole number: 0 turns the limit off. An unset,
 * empty or unreadable value keeps the default, so a blank setting never
 * switches the limit off by accident (`Number("")` is 0).
 */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv = runtimeEnv()): number {
  const setting = env.WAITLIST_RATE_LIMIT?.trim()
  const value = setting ? Number(setting) : NaN
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_RATE_LIMIT
}
