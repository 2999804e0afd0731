import { rawRequest } from "./raw-http"
import fc from "fast-check"
import { siteFacts } from "../../src/config/site-facts"
import { emailKey } from "../../src/server/addresses/email-identity"
import {
  ACCEPTED_BODY,
  callWaitlistApi,
  entryFor,
  expectJsonError,
  formMetadata,
  largestValidMetadata,
  postJson,
  storedEntries,
  type ApiAnswer,
} from "./waitlist-api-client"
import { useSiteServers, type ApiServer, type SiteUnderTest } from "./waitlist-api-servers"

/** How the API suite reaches one kind of store. */
export type ApiBackend = {
  /** Settings selecting a new, empty store. */
  newStore: () => Promise<Record<string, string>>
  /** Settings selecting a store that cannot be reached. */
  unreachableStore: () => Promise<Record<string, string>>
  /** What the server's log says about that store. */
  unreachableCause: RegExp
  /** Where the handlers run: in the test's process, or in the production server's. */
  server: ApiServer
}

/** What two answers must share to be told apart by no one: status, type and bytes. */
const shapeOf = (answer: ApiAnswer) => ({
  status: answer.status,
  type: answer.headers.get("content-type"),
  body: answer.text,
})

const ACCEPTED = { status: 201, type: "application/json; charset=utf-8", body: ACCEPTED_BODY }

const entriesOf = async (settings: Record<string, string>, email: string) =>
  (await storedEntries(settings)).filter((entry) => emailKey(entry.email) === emailKey(email))

/**
 * What POST /api/waitlist does over real HTTP, against its handler (in the
 * test's process, or in the production server), with a real store behind it. The rate limit and
 * outage cases are in describeWaitlistApiLimits.
 */
export function describeWaitlistApi(backend: ApiBackend): void {
  const servers = useSiteServers(
    async () => ({ site: { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "0" } }),
    backend.server,
  )
  let site: SiteUnderTest
  beforeAll(() => (site = servers.site))

  it('answers 201 {"ok":true} to the form\'s entry and stores it', async () => {
    const answer = await postJson(site, entryFor("  Ana.Garcia@Example.com "))
    expect(shapeOf(answer)).toEqual(ACCEPTED)
    const [entry, ...others] = await entriesOf(site.settings, "ana.garcia@example.com")
    expect(others).toEqual([])
    expect(entry).toMatchObject({
      name: "Ana",
      email: "Ana.Garcia@example.com",
      message: "I'd like to learn Spanish.",
      metadata: formMetadata,
    })
  })

  it("answers an address already on the list (other case, spaces) with the same status and bytes, adding the message to its one entry", async () => {
    const first = await postJson(site, entryFor("bea@example.com", { message: "First" }))
    const again = await postJson(site, entryFor("  BEA@Example.COM ", { name: "Bea", message: "Second" }))
    expect(shapeOf(again)).toEqual(shapeOf(first))
    expect(shapeOf(again)).toEqual(ACCEPTED)
    const entries = await entriesOf(site.settings, "bea@example.com")
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ name: "Ana", email: "bea@example.com", message: "Second" })
    expect(entries[0]?.messages.map((sent) => sent.message)).toEqual(["Second", "First"])
  })

  it("answers 12 sign-ups of one address in a day alike, keeping the first 10 messages", async () => {
    const answers = []
    for (let i = 1; i <= 12; i++)
      answers.push(shapeOf(await postJson(site, entryFor("dora@example.com", { message: `message ${i}` }))))
    expect(answers).toEqual(Array.from({ length: 12 }, () => ACCEPTED))
    const [entry] = await entriesOf(site.settings, "dora@example.com")
    expect(entry?.messages.map((sent) => sent.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `message ${10 - i}`),
    )
  })

  it("answers a filled honeypot with the same status and bytes as a real entry, and stores nothing", async () => {
    const answer = await postJson(site, entryFor("bot@example.com", { city: "Paris" }))
    expect(shapeOf(answer)).toEqual(ACCEPTED)
    expect(await entriesOf(site.settings, "bot@example.com")).toEqual([])
  })

  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    const answer = await callWaitlistApi(site, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(entryFor("method@example.com")),
    })
    expectJsonError(answer, 405)
    expect(answer.headers.get("allow")).toBe("POST")
    expect(await entriesOf(site.settings, "method@example.com")).toEqual([])
  })

  it.each([
    [
      "text/plain",
      () => ({ headers: { "Content-Type": "text/plain" }, body: JSON.stringify(entryFor("t@example.com")) }),
    ],
    [
      "form-encoded",
      () => ({
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "name=Ana&email=t@example.com",
      }),
    ],
    [
      "multipart",
      () => {
        const form = new FormData()
        form.set("name", "Ana")
        form.set("email", "t@example.com")
        return { body: form }
      },
    ],
  ])("refuses a %s body with 415", async (_, options) => {
    const answer = await callWaitlistApi(site, options())
    expectJsonError(answer, 415)
    expect(await entriesOf(site.settings, "t@example.com")).toEqual([])
  })

  it("answers malformed JSON with 400", async () => {
    for (const body of ['{"name": "Ana", "email": ', "{name: 'Ana'}", ""]) {
      expectJsonError(await callWaitlistApi(site, { headers: { "Content-Type": "application/json" }, body }), 400)
    }
  })

  it("stores the longest valid entry in any script: 5,000 four-byte characters and the largest metadata", async () => {
    const email = `${"𠀀".repeat(242)}@example.com`
    const entry = entryFor(email, {
      name: "𠀀".repeat(200),
      message: "😀".repeat(5000),
      metadata: largestValidMetadata(),
    })
    expect(Buffer.byteLength(JSON.stringify(entry.metadata))).toBe(8 * 1024)
    expect(shapeOf(await postJson(site, entry))).toEqual(ACCEPTED)
    const [stored] = await entriesOf(site.settings, email)
    expect([stored?.name, stored?.message, stored?.metadata]).toEqual([entry.name, entry.message, entry.metadata])
  })

  it("answers a 33 KB body and a 2 MB body with 413", async () => {
    for (const size of [33 * 1024, 2 * 1024 * 1024]) {
      const body = JSON.stringify(entryFor("big@example.com", { message: "x".repeat(size) }))
      expectJsonError(await callWaitlistApi(site, { headers: { "Content-Type": "application/json" }, body }), 413)
    }
    expect(await entriesOf(site.settings, "big@example.com")).toEqual([])
  })

  it("answers an empty name, an empty e-mail and an invalid e-mail with 422 and the spec's messages", async () => {
    const fieldsOf = async (entry: object) => expectJsonError(await postJson(site, entry), 422).fields
    expect(await fieldsOf(entryFor("ana@example.com", { name: "  " }))).toEqual({ name: "Name is required" })
    expect(await fieldsOf(entryFor(" "))).toEqual({ email: "Email is required" })
    expect(await fieldsOf(entryFor("ana@example"))).toEqual({ email: "Email is invalid" })
    expect(await fieldsOf({})).toEqual({ name: "Name is required", email: "Email is required" })
  })

  it("answers wrong types and too long fields with 422 naming each field", async () => {
    const wrongTypes = expectJsonError(
      await postJson(site, { name: 7, email: null, message: [], city: false, metadata: "x" }),
      422,
    )
    expect(wrongTypes.fields).toEqual({
      name: "Name must be text",
      email: "Email must be text",
      message: "Message must be text",
      city: "City must be text",
      metadata: "Metadata must be an object",
    })
    const tooLong = entryFor(`${"e".repeat(250)}@example.com`, { name: "n".repeat(201), message: "m".repeat(5001) })
    expect(expectJsonError(await postJson(site, tooLong), 422).fields).toEqual({
      name: "Name must be at most 200 characters",
      email: "Email must be at most 254 characters",
      message: "Message must be at most 5000 characters",
    })
    const bigMetadata = entryFor("meta@example.com", { metadata: { ...formMetadata, userAgent: "u".repeat(9000) } })
    expect(expectJsonError(await postJson(site, bigMetadata), 422).fields).toEqual({
      metadata: "Metadata must be at most 8 KB",
    })
    expect(expectJsonError(await postJson(site, [entryFor("list@example.com")]), 422).fields).toEqual({})
  })

  it("refuses a cross-site request and a foreign Origin with 403, and stores nothing", async () => {
    expectJsonError(await postJson(site, entryFor("cross@example.com"), { "Sec-Fetch-Site": "cross-site" }), 403)
    expectJsonError(await postJson(site, entryFor("cross@example.com"), { Origin: "https://evil.example" }), 403)
    expectJsonError(await postJson(site, entryFor("cross@example.com"), { Origin: "null" }), 403)
    // DNS rebinding: another site's name pointed at this server, so its Origin and the request's Host agree.
    const port = new URL(site.url).port
    for (const host of ["evil.example", `evil.example:${port}`, "storyling.app.evil.example"]) {
      const rebound = await rawRequest(site.url, {
        headers: { Host: host, Origin: `http://${host}`, "Content-Type": "application/json" },
        body: JSON.stringify(entryFor("cross@example.com")),
      })
      expect({ host, status: rebound.status }).toEqual({ host, status: 403 })
    }
    expect(await entriesOf(site.settings, "cross@example.com")).toEqual([])
  })

  it("accepts an Origin of the address the server listens on, by any of this machine's names, and the site's public address", async () => {
    const own = await postJson(site, entryFor("own@example.com"), { Origin: site.url, "Sec-Fetch-Site": "same-origin" })
    expect(shapeOf(own)).toEqual(ACCEPTED)
    const localhost = await postJson(site, entryFor("localhost@example.com"), {
      Origin: `http://localhost:${new URL(site.url).port}`,
      "Sec-Fetch-Site": "same-origin",
    })
    expect(shapeOf(localhost)).toEqual(ACCEPTED)
    const publicSite = await postJson(site, entryFor("public@example.com"), {
      Origin: new URL(siteFacts.siteUrl).origin,
    })
    expect(shapeOf(publicSite)).toEqual(ACCEPTED)
    expect(await entriesOf(site.settings, "own@example.com")).toHaveLength(1)
    expect(await entriesOf(site.settings, "public@example.com")).toHaveLength(1)
  })

  it("never answers 5xx, and answers every refusal with a JSON error, whatever JSON it is sent", async () => {
    const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constant("ana@example.com"), fc.constant(""))
    const field = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }))
    const body = fc.oneof(
      fc.record(
        {
          name: field,
          email: field,
          message: field,
          city: fc.constant(""),
          metadata: fc.oneof(fc.object({ maxDepth: 2 }), field),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    )
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const answer = await postJson(site, value)
        if (answer.status === 201) return expect(answer.text).toBe(ACCEPTED_BODY)
        expect([400, 413, 422]).toContain(answer.status)
        expectJsonError(answer, answer.status)
      }),
      { numRuns: 150 },
    )
  })

  it("answers 201 to 300 concurrent entries of distinct addresses and stores all 300", async () => {
    const emails = Array.from({ length: 300 }, (_, i) => `crowd${i}@example.com`)
    const answers = await Promise.all(emails.map((email) => postJson(site, entryFor(email))))
    expect(answers.map(shapeOf)).toEqual(emails.map(() => ACCEPTED))
    const stored = new Set((await storedEntries(site.settings)).map((entry) => entry.email))
    expect(emails.filter((email) => stored.has(email))).toHaveLength(300)
    // Not a speed test: under --detectOpenHandles, or on a busy shared machine, it has outlasted Jest's default 5 s.
  }, 30_000)
}
