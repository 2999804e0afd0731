import fc from "fast-check"
import { siteFacts } from "../../src/config/site-facts"
import { emailKey } from "../../src/server/addresses/email-identity"
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
const HOSTILE_RUNS = 400
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
    const base = valid
      ? [
          ["name", '"Ana"'],
          ["email", JSON.stringify(email)],
        ]
      : []
    return Buffer.from(`{${[...base, ...pairs].map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`)
  }),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? "")),
  fc.string({ unit: "binary", maxLength: 80 }).map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 80 }).map((bytes) => Buffer.from(bytes)),
  fc
    .integer({ min: 16_000, max: 40_000 })
    .map((size) => Buffer.from(`{"name":"Ana","email":"big@example.com","message":"${"x".repeat(size)}"}`)),
)

/** One character of each Unicode general category (and the edges of the planes), for structure-aware bodies. */
const EVERY_CATEGORY = [
  "A",
  "a",
  "ǅ",
  "ʰ",
  "ª",
  "\u0301",
  "\u0903",
  "\u20DD",
  "9",
  "Ⅻ",
  "½",
  "_",
  "-",
  "(",
  ")",
  "«",
  "»",
  "!",
  "+",
  "$",
  "^",
  "©",
  " ",
  "\u2028",
  "\u2029",
  "\u0000",
  "\u001b",
  "\u0085",
  "\u200B",
  "\u202E",
  "\uFEFF",
  "\uE000",
  "\uD800",
  "\uDFFF",
  "\u0378",
  "\u{10FFFF}",
  "\u{1F600}",
  "\u{E0001}",
  "\u212A",
  "ｋ",
  "@",
  ".",
  "\\",
  '"',
  "字",
  "ß",
  "İ",
  "\u3164",
  "\uFE0F",
]
const anyCategory = fc.string({ unit: fc.constantFrom(...EVERY_CATEGORY), maxLength: 300 })
const deepValue = fc
  .tuple(fc.integer({ min: 9, max: 6000 }), fc.constantFrom("[", '{"k":'))
  .map(
    ([levels, open]) => `${open.repeat(levels)}${open === "[" ? "1" : "1"}${(open === "[" ? "]" : "}").repeat(levels)}`,
  )
const hugeArray = fc
  .integer({ min: 100, max: 5000 })
  .map((length) => `[${Array.from({ length }, () => '"en"').join(",")}]`)
const hostileValue = fc.oneof(
  deepValue,
  hugeArray,
  anyCategory.map((text) => JSON.stringify(text)),
)
const METADATA_FIELDS = ["userAgent", "languages", "utm", "referrer", "pixelRatio", "timezone"]

/** Bodies shaped like the form's entry with a hostile value in one place: a field, a metadata field, or a utm value. */
const structureAwareBody = fc
  .tuple(
    fc.constantFrom(
      "name",
      "email",
      "message",
      "city",
      ...METADATA_FIELDS.map((field) => `metadata.${field}`),
      "metadata.utm.source",
    ),
    hostileValue,
    anyCategory,
  )
  .map(([place, value, text]) => {
    const fields: Record<string, string> = {
      name: JSON.stringify(text || "Ana"),
      email: '"fuzz@example.com"',
      message: JSON.stringify(text),
      city: '""',
    }
    const metadata: Record<string, string> = { userAgent: JSON.stringify(text), languages: '["en"]', utm: "{}" }
    const [head, field, sub] = place.split(".")
    if (head !== "metadata") fields[head ?? "name"] = value
    else if (sub) metadata.utm = `{"${sub}":${value}}`
    else metadata[field ?? "userAgent"] = value
    const object = (pairs: Record<string, string>) =>
      `{${Object.entries(pairs)
        .map(([key, json]) => `"${key}":${json}`)
        .join(",")}}`
    return Buffer.from(object({ ...fields, metadata: object(metadata) }))
  })

const optional = (...values: string[]) => fc.option(fc.constantFrom(...values), { nil: undefined })

const headerSets = (ownOrigin: string) =>
  fc.record({
    method: fc.constantFrom("POST", "POST", "POST", "PUT", "GET", "DELETE"),
    contentType: optional(
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonx",
      "",
    ),
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

  it("keeps serving other visitors, and answers every structure-aware hostile body (deep nesting, huge arrays, every Unicode category in every field) with 201 or a JSON 4xx", async () => {
    let attacking = true
    let served = 0
    const visitors = (async () => {
      while (attacking) {
        const answer = await rawRequest(site.url, { method: "GET", path: "/contact" }, 5000)
        expect(answer.status).toBe(200)
        served += 1
      }
    })()
    try {
      await fc.assert(
        fc.asyncProperty(structureAwareBody, async (bytes) => {
          const answer = await rawRequest(
            site.url,
            { headers: { "Content-Type": "application/json" }, body: bytes },
            5000,
          )
          if (answer.status === 201) return expect(answer.text).toBe(ACCEPTED_BODY)
          expect([400, 413, 422]).toContain(answer.status)
          expect(JSON.parse(answer.text)).toEqual(expect.objectContaining({ error: expect.stringMatching(/\S/) }))
        }),
        { numRuns: HOSTILE_RUNS },
      )
    } finally {
      attacking = false
      await visitors
    }
    figures.add({ inputsFuzzed: HOSTILE_RUNS, submissionsSent: HOSTILE_RUNS, visitorsServedUnderAttack: served })
    expect(served).toBeGreaterThan(0)
    const stored = await storedEntries(site.settings)
    stored.forEach(expectAcceptableEntry)
  }, 120_000)

  it("answers 201 to the same e-mail sent 100 times at once, in any case, and keeps one entry", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postJson(site, entryFor(i % 2 ? "Same@Example.com" : " same@example.com ", { message: `try ${i}` })),
      ),
    )
    figures.add({ submissionsSent: 100 })
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201))
    const same = (await storedEntries(site.settings)).filter((entry) => emailKey(entry.email) === "same@example.com")
    expect(same).toHaveLength(1)
    expect(same[0]?.message).toMatch(/^try \d+$/)
    figures.add({ entriesChecked: 1 })
  }, 60_000)

  it("answers 201 to 1,000 distinct e-mails sent at once and stores all 1,000", async () => {
    const emails = Array.from({ length: 1000 }, (_, i) => `burst${i}@example.com`)
    const answers = await Promise.all(emails.map((email) => postJson(site, entryFor(email))))
    figures.add({ submissionsSent: 1000 })
    expect(
      answers.filter((answer) => answer.status !== 201).map((answer) => `${answer.status} ${answer.text}`),
    ).toEqual([])
    const stored = new Set((await storedEntries(site.settings)).map((entry) => entry.email))
    const lost = emails.filter((email) => !stored.has(email)).length
    figures.add({ entriesChecked: 1000, entriesLost: lost })
    expect(lost).toBe(0)
  }, 90_000)
}
