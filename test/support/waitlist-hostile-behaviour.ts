import http from "http"
import net from "net"
import { rawRequest, type RawAnswer } from "./raw-http"
import type { RobustnessBackend } from "./waitlist-fuzz-behaviour"
import { entryFor, formMetadata, storedEntries } from "./waitlist-api-client"
import { useSiteServers, type SiteUnderTest } from "./waitlist-api-servers"

/** Far longer than the right answer takes (a few milliseconds), far shorter than the slow patterns and crashes this suite guards against. */
const ANSWER_WITHIN_MS = 5000

/** `levels` arrays (or objects) nested in one another, as JSON text. */
const nested = (levels: number, kind: "array" | "object") =>
  kind === "array" ? `${"[".repeat(levels)}${"]".repeat(levels)}` : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`

/** Where a deeply nested value can sit in the form's body: every field, and inside the metadata. */
const DEEP_PLACES: [string, (deep: string) => string][] = [
  ["the body itself", (deep) => deep],
  ["name", (deep) => `{"name":${deep},"email":"deep@example.com"}`],
  ["email", (deep) => `{"name":"Ana","email":${deep}}`],
  ["message", (deep) => `{"name":"Ana","email":"deep@example.com","message":${deep}}`],
  ["city", (deep) => `{"name":"Ana","email":"deep@example.com","city":${deep}}`],
  ["metadata", (deep) => `{"name":"Ana","email":"deep@example.com","metadata":${deep}}`],
  ["metadata.utm", (deep) => `{"name":"Ana","email":"deep@example.com","metadata":{"utm":${deep}}}`],
  ["metadata.languages", (deep) => `{"name":"Ana","email":"deep@example.com","metadata":{"languages":[${deep}]}}`],
  ["an unknown key", (deep) => `{"name":"Ana","email":"deep@example.com","extra":${deep}}`],
]

/** Addresses made of long runs of the pattern's own characters: cubic for `/^\S+@\S+\.\S+$/`, well within the body limit. */
const SLOW_PATTERN_EMAILS: [string, string][] = [
  ['"@." 3,000 times', "@.".repeat(3000)],
  ['"@." 7,000 times', "@.".repeat(7000)],
  ['"@" 6,000 times and a space', `${"@".repeat(6000)} `],
  ['"a@a." 3,000 times and a trailing at sign', `${"a@a.".repeat(3000)}@`],
  ['"." 12,000 times', ".".repeat(12000)],
  ['"a@" 5,000 times', "a@".repeat(5000)],
]

const post = (site: SiteUnderTest, body: string, headers: Record<string, string> = {}) =>
  rawRequest(site.url, { headers: { "Content-Type": "application/json", ...headers }, body }, ANSWER_WITHIN_MS)

const jsonOf = (answer: RawAnswer) => JSON.parse(answer.text) as { error?: string; fields?: Record<string, string> }

/** Sends bytes as they are on a new connection and resolves with what comes back before the server closes it. */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes))
    let received = ""
    socket.setEncoding("utf8")
    socket.on("data", (chunk: string) => (received += chunk))
    socket.on("end", () => resolve(received))
    socket.on("error", reject)
    socket.setTimeout(ANSWER_WITHIN_MS, () => socket.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)))
  })
}

/** The status and headers of a raw HTTP answer. */
function parseRawAnswer(text: string) {
  const [head = "", body = ""] = text.split("\r\n\r\n")
  const [statusLine = "", ...headerLines] = head.split("\r\n")
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(":")).toLowerCase(),
      line.slice(line.indexOf(":") + 1).trim(),
    ]),
  )
  return { status: Number(statusLine.split(" ")[1]), headers, body }
}

/**
 * The requests a single attacker once stopped, held or bent the production
 * server with: a deeply nested body, e-mails that made the pattern
 * backtrack, a look-alike address, bodies larger than the route takes,
 * malformed requests and ranges. Each gets a clear 4xx in the site's own
 * headers, and the server goes on serving everyone else.
 */
export function describeWaitlistHostileInput({ newStore, figures }: RobustnessBackend): void {
  const servers = useSiteServers(async () => ({ site: { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" } }))
  let site: SiteUnderTest
  let pageHeaders: Headers
  beforeAll(async () => {
    site = servers.site
    pageHeaders = (await fetch(`${site.url}/`)).headers
  })

  /** The server still serves a page and takes a sign-up. */
  const expectStillServing = async (label: string) => {
    expect((await rawRequest(site.url, { method: "GET", path: "/" }, ANSWER_WITHIN_MS)).status).toBe(200)
    expect((await post(site, JSON.stringify(entryFor(`${label}@example.com`)))).status).toBe(201)
  }

  it.each(DEEP_PLACES)(
    "answers 6,000 nested arrays or objects in %s with a JSON 422, and keeps serving",
    async (place, bodyWith) => {
      for (const kind of ["array", "object"] as const) {
        const body = bodyWith(nested(kind === "array" ? 6000 : 2500, kind))
        expect(Buffer.byteLength(body)).toBeLessThanOrEqual(16 * 1024)
        const answer = await post(site, body)
        expect({ status: answer.status, error: jsonOf(answer).error }).toEqual({
          status: 422,
          error: "The body nests values more than 8 levels deep; the form's entry has 3.",
        })
      }
      figures.add({ inputsFuzzed: 2, submissionsSent: 2 })
      await expectStillServing(`after-deep-${place.replace(/\W+/g, "-")}`)
    },
  )

  it.each(SLOW_PATTERN_EMAILS)(
    "answers an e-mail of %s at once with a JSON 422, while other visitors are served",
    async (_, email) => {
      const others = Array.from({ length: 5 }, () =>
        rawRequest(site.url, { method: "GET", path: "/contact" }, ANSWER_WITHIN_MS),
      )
      const answer = await post(site, JSON.stringify({ name: "Ana", email }))
      expect(answer.status).toBe(422)
      expect(jsonOf(answer).fields?.email).toMatch(/^Email (is invalid|must be at most 254 characters)$/)
      expect((await Promise.all(others)).map((other) => other.status)).toEqual([200, 200, 200, 200, 200])
      figures.add({ inputsFuzzed: 1, submissionsSent: 1 })
    },
  )

  it("never lets a look-alike address (KELVIN SIGN, full-width letters) rewrite another person's name or address", async () => {
    expect(
      (await post(site, JSON.stringify(entryFor("kate@example.com", { name: "Kate", message: "Hi" })))).status,
    ).toBe(201)
    for (const email of ["\u212Aate@example.com", "ｋａｔｅ@example.com", "KATE@EXAMPLE.COM"]) {
      expect(
        (await post(site, JSON.stringify(entryFor(email, { name: "Mallory", message: `as ${email}` })))).status,
      ).toBe(201)
    }
    const kate = (await storedEntries(site.settings)).filter((entry) =>
      entry.messages.some((sent) => sent.message === "Hi"),
    )
    expect(kate.map(({ name, email }) => ({ name, email }))).toEqual([{ name: "Kate", email: "kate@example.com" }])
    expect(kate[0]?.messages).toHaveLength(4)
    figures.add({ submissionsSent: 4, entriesChecked: 1 })
  })

  it("refuses an address holding a character that shows as nothing with 'Email is invalid'", async () => {
    for (const email of ["ka\u200Bte@example.com", "kate@exa\u00ADmple.com", "kate\u2060@example.com"]) {
      const answer = await post(site, JSON.stringify(entryFor(email)))
      expect({ status: answer.status, fields: jsonOf(answer).fields }).toEqual({
        status: 422,
        fields: { email: "Email is invalid" },
      })
    }
  })

  it("answers a declared body of 1 MB with a JSON 413 before any of it is sent", async () => {
    const answer = await new Promise<{ status?: number; text: string }>((resolve, reject) => {
      const headers = { "Content-Type": "application/json", "Content-Length": String(1024 * 1024) }
      const request = http.request(
        `${site.url}/api/waitlist`,
        { method: "POST", headers, agent: false },
        (response) => {
          let text = ""
          response.setEncoding("utf8")
          response.on("data", (chunk: string) => (text += chunk))
          response.on("end", () => resolve({ status: response.statusCode, text }))
        },
      )
      request.on("error", reject)
      request.setTimeout(ANSWER_WITHIN_MS, () => request.destroy(new Error("no answer")))
      request.flushHeaders()
    })
    expect(answer).toEqual({
      status: 413,
      text: JSON.stringify({ error: "The body is larger than this route accepts." }),
    })
  })

  it("answers a range past the end of a page with 416 and a failed If-Match with 412, in the site's own headers, with no stack or path", async () => {
    for (const [headers, status] of [
      [{ Range: "bytes=99999999-" }, 416],
      [{ "If-Match": '"no-such-etag"' }, 412],
    ] as const) {
      const answer = await rawRequest(site.url, { method: "GET", path: "/favicon.svg", headers }, ANSWER_WITHIN_MS)
      expect(answer.status).toBe(status)
      expect(answer.headers["content-security-policy"]).toBe(pageHeaders.get("content-security-policy"))
      expect(answer.headers["x-frame-options"]).toBe("DENY")
      expect(answer.text).not.toMatch(/at |\/work\/|node_modules|Error/)
    }
  })

  it("answers a malformed request and oversized headers with 400 and 431 in the site's own headers", async () => {
    const cases: [string, number][] = [
      ["GARBAGE\r\n\r\n", 400],
      [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431],
      ["GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400],
    ]
    for (const [request, status] of cases) {
      const answer = parseRawAnswer(await rawExchange(site.url, request))
      expect(answer.status).toBe(status)
      expect(answer.headers["content-security-policy"]).toBe(pageHeaders.get("content-security-policy"))
      expect(answer.headers["strict-transport-security"]).toBe(pageHeaders.get("strict-transport-security"))
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/\S/) })
    }
    await expectStillServing("after-malformed")
  })

  it("publishes none of the build's internals: webpack's statistics, its chunk map or source maps", async () => {
    for (const path of ["/webpack.stats.json", "/chunk-map.json", "/app.js.map", "/static/x.css.map"]) {
      expect((await rawRequest(site.url, { method: "GET", path }, ANSWER_WITHIN_MS)).status).toBe(404)
    }
    // Spelled as the static server decodes and normalises them.
    for (const path of [
      "/chunk%2Dmap.json",
      "/webpack%2estats.json",
      "/%63hunk-map.json",
      "//chunk-map.json",
      "/static/..%2Fwebpack.stats.json",
      "/webpack.stats%2Ejson",
    ]) {
      expect({ path, status: (await rawRequest(site.url, { method: "GET", path }, ANSWER_WITHIN_MS)).status }).toEqual({
        path,
        status: 404,
      })
    }
  })

  it("stores a sign-up with every metadata field at its largest type and drops what the spec does not know", async () => {
    const metadata = {
      ...formMetadata,
      utm: Object.fromEntries(Array.from({ length: 32 }, (_, i) => [`k${i}`, "v".repeat(100)])),
      extra: { a: [1, 2] },
    }
    expect((await post(site, JSON.stringify(entryFor("largest-metadata@example.com", { metadata })))).status).toBe(201)
    const [stored] = (await storedEntries(site.settings)).filter(
      (entry) => entry.email === "largest-metadata@example.com",
    )
    expect(stored?.metadata).toEqual({ ...formMetadata, utm: metadata.utm })
  })
}
