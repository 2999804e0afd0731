import { RateLimiter, rateLimitFromEnv } from "../rate-limiter"

const MINUTE = 60_000

/** Records `times` accepted submissions of a client, one millisecond apart, from `start`. */
function fill(limiter: RateLimiter, client: string, times: number, start: number) {
  for (let i = 0; i < times; i++) {
    expect(limiter.check(client, start + i)).toEqual({ allowed: true })
    limiter.record(client, start + i)
  }
}

describe("RateLimiter", () => {
  it("allows as many submissions as the limit in a window, then refuses with the seconds to wait", () => {
    const limiter = new RateLimiter(3, MINUTE)
    fill(limiter, "203.0.113.1", 3, 1_000_000)
    expect(limiter.check("203.0.113.1", 1_000_000 + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 })
  })

  it("only counts submissions that were recorded, not checks", () => {
    const limiter = new RateLimiter(1, MINUTE)
    for (let i = 0; i < 5; i++) expect(limiter.check("203.0.113.1", i)).toEqual({ allowed: true })
  })

  it("counts each client separately", () => {
    const limiter = new RateLimiter(2, MINUTE)
    fill(limiter, "203.0.113.1", 2, 0)
    expect(limiter.check("203.0.113.1", 10).allowed).toBe(false)
    expect(limiter.check("203.0.113.2", 10)).toEqual({ allowed: true })
  })

  it("allows the client again once its oldest submission leaves the window", () => {
    const limiter = new RateLimiter(2, MINUTE)
    limiter.record("c", 0)
    limiter.record("c", 30_000)
    expect(limiter.check("c", MINUTE - 1).allowed).toBe(false)
    expect(limiter.check("c", MINUTE)).toEqual({ allowed: true })
    limiter.record("c", MINUTE)
    expect(limiter.check("c", MINUTE + 1)).toEqual({ allowed: false, retryAfterSeconds: 30 })
  })

  it("asks to wait at least one second, rounding up", () => {
    const limiter = new RateLimiter(1, MINUTE)
    limiter.record("c", 0)
    expect(limiter.check("c", MINUTE - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(limiter.check("c", 1)).toEqual({ allowed: false, retryAfterSeconds: 60 })
  })

  it("takes back a recorded submission it is told to forget, and only that one", () => {
    const limiter = new RateLimiter(2, MINUTE)
    limiter.record("c", 100)
    limiter.record("c", 200)
    expect(limiter.check("c", 300).allowed).toBe(false)
    limiter.forget("c", 200)
    limiter.forget("c", 999)
    expect(limiter.check("c", 300)).toEqual({ allowed: true })
    limiter.record("c", 300)
    expect(limiter.check("c", 400).allowed).toBe(false)
  })

  it("never refuses when the limit is 0", () => {
    const limiter = new RateLimiter(0, MINUTE)
    fill(limiter, "c", 1000, 0)
  })

  it("forgets clients whose submissions have all expired", () => {
    const limiter = new RateLimiter(1, MINUTE)
    limiter.record("old", 0)
    expect(limiter.trackedClients).toBe(1)
    limiter.check("someone else", 2 * MINUTE)
    expect(limiter.trackedClients).toBe(0)
  })

  it("remembers at most its number of clients, making room by forgetting the one seen longest ago", () => {
    const limiter = new RateLimiter(1, MINUTE, 3)
    for (const client of ["a", "b", "c"]) limiter.record(client, 10)
    limiter.record("a", 20)
    limiter.record("d", 30)
    expect(limiter.trackedClients).toBe(3)
    expect(limiter.check("b", 40)).toEqual({ allowed: true })
    for (const client of ["a", "c", "d"]) expect(limiter.check(client, 40).allowed).toBe(false)
  })

  it("keeps a bounded number of times per client however often it is told to record", () => {
    const limiter = new RateLimiter(2, MINUTE, 10)
    for (let i = 0; i < 1000; i++) limiter.record("busy", i)
    expect(limiter.check("busy", 1000)).toEqual({ allowed: false, retryAfterSeconds: 60 })
  })
})

describe("rateLimitFromEnv", () => {
  it("is 5 when WAITLIST_RATE_LIMIT is not set", () => {
    expect(rateLimitFromEnv({})).toBe(5)
  })

  it("reads a whole number, and 0 turns the limit off", () => {
    expect(rateLimitFromEnv({ WAITLIST_RATE_LIMIT: "2" })).toBe(2)
    expect(rateLimitFromEnv({ WAITLIST_RATE_LIMIT: "0" })).toBe(0)
    expect(rateLimitFromEnv({ WAITLIST_RATE_LIMIT: "7.9" })).toBe(7)
  })

  it.each(["", "  ", "many", "-1", "Infinity"])("falls back to 5 for %j rather than turning the limit off", (value) => {
    expect(rateLimitFromEnv({ WAITLIST_RATE_LIMIT: value })).toBe(5)
  })
})
