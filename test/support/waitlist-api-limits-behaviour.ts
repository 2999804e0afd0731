import { ACCEPTED_BODY, entryFor, expectJsonError, postJson, storedEntries } from "./waitlist-api-client"
import type { ApiBackend } from "./waitlist-api-behaviour"
import { useSiteServers } from "./waitlist-api-servers"

/** Posts entries of distinct addresses one after another; returns the statuses. */
async function submitInTurn(site: { url: string }, label: string, forwardedFor: string[]) {
  const statuses: number[] = []
  for (const [i, address] of forwardedFor.entries()) {
    statuses.push((await postJson(site, entryFor(`${label}${i}@example.com`), { "X-Forwarded-For": address })).status)
  }
  return statuses
}

/**
 * The waitlist's rate limit and its answer when the store is down, over real
 * HTTP against its handler, with a real store behind it.
 */
export function describeWaitlistApiLimits(backend: ApiBackend): void {
  const servers = useSiteServers(
    async () => ({
      limited: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "2" },
      spoofed: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "2" },
      proxied: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "2", WAITLIST_TRUST_PROXY: "1" },
      broken: { ...(await backend.unreachableStore()), WAITLIST_RATE_LIMIT: "1" },
      forged: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "2", WAITLIST_TRUST_PROXY: "1" },
      mapped: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "2", WAITLIST_TRUST_PROXY: "1" },
      network: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "2", WAITLIST_TRUST_PROXY: "1" },
    }),
    backend.server,
  )

  it("answers the third accepted entry from one address within a minute with 429 and Retry-After, without storing it", async () => {
    const { limited } = servers
    expect((await postJson(limited, entryFor("first@example.com"))).text).toBe(ACCEPTED_BODY)
    expect((await postJson(limited, entryFor("second@example.com", { city: "Paris" }))).text).toBe(ACCEPTED_BODY)
    const third = await postJson(limited, entryFor("third@example.com"))
    expectJsonError(third, 429)
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(Number(third.headers.get("retry-after"))).toBeLessThanOrEqual(60)
    expect((await storedEntries(limited.settings)).map((entry) => entry.email)).toEqual(["first@example.com"])
  })

  it("ignores a spoofed X-Forwarded-For by default, counting the connection's own address", async () => {
    expect(await submitInTurn(servers.spoofed, "spoof", ["198.51.100.1", "198.51.100.2", "198.51.100.3"])).toEqual([
      201, 201, 429,
    ])
  })

  it("counts each forwarded address separately when WAITLIST_TRUST_PROXY=1", async () => {
    const forwarded = ["203.0.113.1", "203.0.113.1", "203.0.113.1", "203.0.113.2", "10.0.0.1, 203.0.113.3"]
    expect(await submitInTurn(servers.proxied, "proxied", forwarded)).toEqual([201, 201, 429, 201, 201])
  })

  it("counts concurrent entries from one address against the limit", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postJson(servers.proxied, entryFor(`burst${i}@example.com`), { "X-Forwarded-For": "192.0.2.50" }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, ...Array(8).fill(429)])
    const stored = (await storedEntries(servers.proxied.settings)).filter((entry) => entry.email.startsWith("burst"))
    expect(stored).toHaveLength(2)
  })

  it("does not count refused entries against the limit", async () => {
    for (let i = 0; i < 3; i++)
      expectJsonError(await postJson(servers.proxied, entryFor(""), { "X-Forwarded-For": "192.0.2.99" }), 422)
    expect(await submitInTurn(servers.proxied, "after-refusals", ["192.0.2.99", "192.0.2.99"])).toEqual([201, 201])
  })

  it("answers 503 with a JSON error when the store cannot be reached, and logs the cause with the request's id", async () => {
    const { broken } = servers
    const answer = await postJson(broken, entryFor("down@example.com"), { "X-Request-Id": "store-down-1" })
    expectJsonError(answer, 503)
    expect(answer.headers.get("retry-after")).toBe("5")
    const line = await broken.logLine({
      msg: "waitlist: store unavailable",
      reqId: "store-down-1",
      cause: backend.unreachableCause,
    })
    expect(line.level).toBe("warn")
  })

  it("answers a bot's entry (a filled honeypot) with the same 503 as a real one while the store is down, and counts neither against the limit", async () => {
    const { broken } = servers
    for (const entry of [
      entryFor("down@example.com"),
      entryFor("down@example.com"),
      entryFor("bot@example.com", { city: "Paris" }),
      entryFor("bot@example.com", { city: "Paris" }),
    ]) {
      const answer = await postJson(broken, entry)
      expectJsonError(answer, 503)
      expect(answer.text).toBe('{"error":"The waitlist is unavailable right now. Please try again later."}')
    }
  })

  it("counts a trusted proxy's forwarded value that is not an IP address (a word, 4 KB of text) against the connection's own address", async () => {
    expect(await submitInTurn(servers.forged, "forged", ["garbage-1", "x".repeat(4096), "203.0.113.9:443"])).toEqual([
      201, 201, 429,
    ])
  })

  it("counts an IPv4 address and its IPv4-mapped IPv6 form as one client", async () => {
    expect(await submitInTurn(servers.mapped, "mapped", ["10.3.3.3", "::ffff:10.3.3.3", "::FFFF:0a03:0303"])).toEqual([
      201, 201, 429,
    ])
  })

  it("counts every IPv6 address of one /64 network as one client, and the next network apart", async () => {
    const addresses = ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:db8:1:2::abcd", "2001:db8:1:3::1"]
    expect(await submitInTurn(servers.network, "network", addresses)).toEqual([201, 201, 429, 201])
  })
}
