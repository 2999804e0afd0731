import fc from "fast-check"
import { siteFacts } from "../config/site-facts"
import { normalizeEmail } from "../waitlist/waitlist-store"
import { rawRequest } from "./raw-http"
import type { recordFigures } from "./reliability-figures"
import { expectAcceptableEntry } from "./stored-entry-rules"
import { ACCEPTED_BODY, entryFor, postJson, storedEntries } from "./waitlist-api-client"
import { useSiteServers, type SiteUnderTest } from "./waitlist-api-servers"

/** How a robustness suite reaches one kind of store, and where it counts what it tried. */
export type RobustnessBackend = {
  newStore: () => Promise<Record<string, string>>
  figures: ReturnType<typeof recordFigures>
}

const HTTP_RUNS = 800
const REFUSALS = [400, 403, 405, 413, 415, 422]

const FIELD_KEYS = ["name", "email", "message", "city", "metadata", "__proto__", "constructor", "prototype"]
const PROTOTYPE_JSON = '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"prototype":null}'

const valueText = fc.oneof(
  fc.emailAddress().map((email) => JSON.stringify(email)),
  fc.string({ unit: "binary", maxLength: 40 }).map((text) => JSON.stringify(text)),
  fc.string({ unit: "grapheme", minLength: 190, maxLength: 260 }).map((text) => JSON.stringify(text)),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.constant(PROTOTYPE_JSON),
)
const pair = fc.tuple(fc.oneof(fc.constantFrom(...FIELD_KEYS), fc.string({ maxLength: 8 })), valueText)

/** Bodies of every kind: objects with any keys (prototype keys and duplicates included), any JSON, any text, any bytes, too many bytes. */
const body = fc.oneof(
  fc.tuple(fc.boolean(), fc.emailAddress(), fc.array(pair, { maxLength: 6 })).map(([valid, email, pairs]) => {
    const base = valid ? [["name", '"Ana"'], ["email", JSON.stringify(email)]] : []
    return Buffer.from(`{${[...base, ...pairs].map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`)
  }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? "")),
  fc.string({ unit: "binary", maxLength: 80 }).map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes)),
  fc.integer({ min: 16_000, max: 40_000 }).map((size) => Buffer.from(`{"name":"Ana","email":"big@example.com","message":"${"x".repeat(size)}"}`)),
)

const optional = (...values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined })

const headerSets = (ownOrigin: string) =>
  fc.record({
    method: fc.constantFrom("POST", "POST", "POST", "PUT", "GET", "DELETE"),
    contentType: optional("application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonx", ""),
    origin: optional(ownOrigin, new URL(siteFacts.siteUrl).origin, "https://evil.example", "null", "not a url"),
    secFetchSite: optional("same-origin", "same-site", "cross-site", "none"),
    forwardedFor: optional("198.51.100.7", "garbage, , ,", "::1", ""),
  })

/**
 * The HTTP endpoint fed arbitrary input, injection payloads and bursts,
 * against the production server with a real store.
 */
export function describeWaitlistFuzzing({ newStore, figures }: RobustnessBackend): void {
  const servers = useSiteServers(async () => ({ site: { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" } }))
  let site: SiteUnderTest
  beforeAll(() => (site = servers.site))

  it("never answers 5xx nor crashes, refuses with a JSON error, and stores only acceptable entries, whatever the body and headers", async () => {
    await fc.assert(
      fc.asyncProperty(body, headerSets(site.url), async (bytes, sent) => {
        const headers: Record<string, string> = {}
        if (sent.contentType !== undefined) headers["Content-Type"] = sent.contentType
        if (sent.origin !== undefined) headers.Origin = sent.origin
        if (sent.secFetchSite !== undefined) headers["Sec-Fetch-Site"] = sent.secFetchSite
        if (sent.forwardedFor !== undefined) headers["X-Forwarded-For"] = sent.forwardedFor
        const answer = await rawRequest(site.url, { method: sent.method, headers, body: bytes })
        if (answer.status === 201) return expect(answer.text).toBe(ACCEPTED_BODY)
        expect({ status: REFUSALS.includes(answer.status), type: answer.headers["content-type"] }).toEqual({
          status: true,
          type: expect.stringMatching(/^application\/json\b/),
        })
        expect(JSON.parse(answer.text)).toEqual(expect.objectContaining({ error: expect.stringMatching(/\S/) }))
      }),
      { numRuns: HTTP_RUNS },
    )
    figures.add({ inputsFuzzed: HTTP_RUNS, submissionsSent: HTTP_RUNS })
    expect((await fetch(`${site.url}/`)).status).toBe(200)
    // A sound entry after the fuzzing, so the check below never passes on an empty store by chance.
    const sound = entryFor("after-fuzzing@example.com")
    expect((await postJson(site, sound)).status).toBe(201)
    const stored = await storedEntries(site.settings)
    expect(stored.map((entry) => entry.email)).toContain("after-fuzzing@example.com")
    stored.forEach(expectAcceptableEntry)
    figures.add({ entriesChecked: stored.length })
  }, 120_000)

  it("answers 201 to the same e-mail sent 100 times at once, in any case, and keeps one entry", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => postJson(site, entryFor(i % 2 ? "Same@Example.com" : " same@example.com ", { message: `try ${i}` }))),
    )
    figures.add({ submissionsSent: 100 })
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
    const same = (await storedEntries(site.settings)).filter((entry) => normalizeEmail(entry.email) === "same@example.com")
    expect(same).toHaveLength(1)
    expect(same[0]?.message).toMatch(/^try \d+$/)
    figures.add({ entriesChecked: 1 })
  }, 60_000)

  it("answers 201 to 1,000 distinct e-mails sent at once and stores all 1,000", async () => {
    const emails = Array.from({ length: 1000 }, (_, i) => `burst${i}@example.com`)
    const answers = await Promise.all(emails.map((email) => postJson(site, entryFor(email))))
    figures.add({ submissionsSent: 1000 })
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.text}`)).toEqual([])
    const stored = new Set((await storedEntries(site.settings)).map((entry) => entry.email))
    const lost = emails.filter((email) => !stored.has(email)).length
    figures.add({ entriesChecked: 1000, entriesLost: lost })
    expect(lost).toBe(0)
  }, 90_000)
}
