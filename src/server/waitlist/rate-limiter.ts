import { runtimeEnv } from "./runtime-env"
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** How many clients the limiter remembers at most: about 10 MB, whatever a flood of addresses does. */
export const MAX_TRACKED_CLIENTS = 100_000

/**
 * Counts accepted submissions per client in a sliding window. `limit` 0
 * turns it off. Memory is bounded twice: a client keeps at most `limit`
 * times, and at most `maxClients` clients are kept. Clients whose times
 * have all expired are swept once a window; when a flood of new clients
 * fills the table before that, the one seen longest ago makes room.
 */
export class RateLimiter {
  private readonly accepted = new Map<string, number[]>()
  private lastSweep = 0

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxClients = MAX_TRACKED_CLIENTS,
  ) {}

  /** How many clients the limiter remembers now. */
  get trackedClients(): number {
    return this.accepted.size
  }

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
    // Re-inserted, so the map's order is the order clients were last seen in.
    this.accepted.delete(client)
    if (this.accepted.size >= this.maxClients) this.makeRoom()
    this.accepted.set(client, times.slice(-this.limit))
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

  /** Forgets the client seen longest ago: constant time, however many clients a flood brings. */
  private makeRoom() {
    const seenLongestAgo = this.accepted.keys().next()
    if (!seenLongestAgo.done) this.accepted.delete(seenLongestAgo.value)
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
