import { rateLimitFromEnv } from "../rate-limit-setting"

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
