import { postByteByByte, rawRequest, type RawAnswer } from "./raw-http"
import type { RobustnessBackend } from "./waitlist-fuzz-behaviour"
import { entryFor, storedEntries } from "./waitlist-api-client"
import { useSiteServers, type SiteUnderTest } from "./waitlist-api-servers"

const SLOW_CLIENTS = 6
const BYTE_GAP_MS = 60

const postFrom = (site: SiteUnderTest, client: string, value: unknown, headers: Record<string, string> = {}) =>
  rawRequest(site.url, {
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client, ...headers },
    body: typeof value === "string" ? value : JSON.stringify(value),
  })

const statuses = (answers: RawAnswer[]) =>
  answers.reduce<Record<number, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  )

/**
 * Abusers and slow clients at the same time as real visitors: the visitors
 * sign up all the same, and the abusers get nothing in. (One at a time,
 * the honeypot, rate limit, proxy, origin and size rules are proven by
 * describeWaitlistApi and describeWaitlistApiLimits.)
 */
export function describeWaitlistAbuse({ newStore, figures }: RobustnessBackend): void {
  const servers = useSiteServers(async () => ({
    open: { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" },
    guarded: { ...(await newStore()), WAITLIST_RATE_LIMIT: "2", WAITLIST_TRUST_PROXY: "1" },
  }))

  it("lets visitors sign up at once while several slow clients send their bodies byte by byte, then takes the slow entries too", async () => {
    const site = servers.open
    const slow = Array.from({ length: SLOW_CLIENTS }, (_, i) =>
      postByteByByte(site.url, JSON.stringify({ name: "Slow", email: `slow${i}@example.com` }), BYTE_GAP_MS).then(
        (answer) => ({ answer, at: Date.now() }),
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const visitors = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const sent = Date.now()
        const answer = await rawRequest(site.url, {
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(entryFor(`visitor${i}@example.com`)),
        })
        return { status: answer.status, ms: Date.now() - sent }
      }),
    )
    const visitorsDone = Date.now()
    const slowOnes = await Promise.all(slow)
    figures.add({ submissionsSent: 30 + SLOW_CLIENTS })
    expect(visitors.filter(({ status, ms }) => status !== 201 || ms > 2000)).toEqual([])
    expect(slowOnes.map(({ answer }) => answer.status)).toEqual(slowOnes.map(() => 201))
    expect(Math.min(...slowOnes.map(({ at }) => at))).toBeGreaterThan(visitorsDone)
    const stored = new Set((await storedEntries(site.settings)).map((entry) => entry.email))
    const expected = [
      ...Array.from({ length: 30 }, (_, i) => `visitor${i}@example.com`),
      ...Array.from({ length: SLOW_CLIENTS }, (_, i) => `slow${i}@example.com`),
    ]
    figures.add({ entriesChecked: expected.length, entriesLost: expected.filter((email) => !stored.has(email)).length })
    expect(expected.filter((email) => !stored.has(email))).toEqual([])
  }, 60_000)

  it("signs up every visitor while a flooder, honeypot bots, cross-site forms and oversize bodies hit the API at the same time, and lets none of the abuse in", async () => {
    const site = servers.guarded
    const visitors = Array.from({ length: 40 }, (_, i) => `member${i}@example.com`)
    const [members, flood, bots, crossSite, oversize] = await Promise.all([
      Promise.all(visitors.map((email, i) => postFrom(site, `198.51.100.${i + 1}`, entryFor(email)))),
      Promise.all(
        Array.from({ length: 60 }, (_, i) => postFrom(site, "203.0.113.66", entryFor(`flood${i}@example.com`))),
      ),
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          postFrom(site, `192.0.2.${i + 1}`, entryFor(`bot${i}@example.com`, { city: "Paris" })),
        ),
      ),
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          postFrom(site, `203.0.113.${i + 100}`, entryFor(`forged${i}@example.com`), {
            Origin: "https://evil.example",
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          postFrom(
            site,
            `203.0.113.${i + 200}`,
            JSON.stringify(entryFor(`huge${i}@example.com`, { message: "x".repeat(64 * 1024) })),
          ),
        ),
      ),
    ])
    figures.add({ submissionsSent: 190 })
    expect(statuses(members)).toEqual({ 201: 40 })
    expect(statuses(flood)).toEqual({ 201: 2, 429: 58 })
    expect(statuses(bots)).toEqual({ 201: 40 })
    expect(statuses(crossSite)).toEqual({ 403: 40 })
    expect(statuses(oversize)).toEqual({ 413: 10 })
    const stored = (await storedEntries(site.settings)).map((entry) => entry.email)
    expect(stored.filter((email) => !email.startsWith("flood")).sort()).toEqual([...visitors].sort())
    expect(stored.filter((email) => email.startsWith("flood"))).toHaveLength(2)
    figures.add({ entriesChecked: stored.length })
  }, 60_000)
}
