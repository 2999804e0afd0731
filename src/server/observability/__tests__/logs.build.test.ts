/**
 * @jest-environment node
 *
 * The production server's log, read as an operator's log collector reads
 * it, after visitors sign up, confirm, leave and browse, and a mail is
 * refused for good: one JSON object a line, a line per request with its
 * id, and nothing personal in any line.
 */
import { spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { freePort } from "../../../../test/support/free-port"
import { HEAP_FLAGS } from "../../heap-flags"
import { ensureProductionBuild, LAST_BUILD_OUTPUT } from "../../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { rawRequest } from "../../../../test/support/raw-http"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { SmtpTestServer, type ReceivedMail } from "../../../../test/support/smtp-test-server"
import { entryFor, formMetadata, postJson } from "../../../../test/support/waitlist-api-client"

const VISITOR = {
  name: "Zoltán Quirinus Hidalgo",
  email: "zq.hidalgo@example.com",
  message: "Please tell me when the Hungarian course is out: msg-5f3a",
}
const SECOND = {
  name: "Wilhelmina Refusedotter",
  email: "w.refused@example.net",
  message: "Another private note: msg-91c2",
}
const CAMPAIGN = "campaign-secret-77"

let smtp: SmtpTestServer
let dir: string
let site: RunningSite
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  await ensureProductionBuild()
  smtp = await SmtpTestServer.start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "logs-"))
  site = await startSiteServer({
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    SMTP_URL: smtp.url,
    WAITLIST_RATE_LIMIT: "0",
    MAIL_RETRY_BASE_MS: "100",
  })
}, 10 * 60_000)
afterAll(async () => {
  await site?.stop()
  await smtp?.down()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** The token of a link of a mail's text that opens this route. */
function tokenIn(mail: ReceivedMail, route: string): string {
  const link = (mail.parsed.text ?? "").match(new RegExp(`https?://\\S+${route}\\?\\S+`))?.[0]
  const token = link ? new URL(link).searchParams.get("token") : null
  if (!token) throw new Error(`no ${route} link in:\n${mail.parsed.text}`)
  return token
}

describe("the server's log", () => {
  const secrets: string[] = [
    VISITOR.name,
    VISITOR.email,
    VISITOR.message,
    SECOND.name,
    SECOND.email,
    SECOND.message,
    CAMPAIGN,
    "zq.hidalgo",
    "w.refused",
  ]
  let requestsMade = 0

  it("gives each request an id: a valid X-Request-Id it came with, else a new one, sent back in the answer", async () => {
    const given = await postJson(
      site,
      entryFor(VISITOR.email, { ...VISITOR, metadata: { ...formMetadata, utm: { utm_campaign: CAMPAIGN } } }),
      { "X-Request-Id": "edge-7f00a1" },
    )
    expect(given.status).toBe(201)
    expect(given.headers.get("x-request-id")).toBe("edge-7f00a1")
    const invalid = await rawRequest(site.url, {
      method: "GET",
      path: "/",
      headers: { "X-Request-Id": `${VISITOR.email} <script>` },
    })
    expect(invalid.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
    const none = await rawRequest(site.url, { method: "GET", path: "/contact" })
    expect(none.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
    expect(none.headers["x-request-id"]).not.toBe(invalid.headers["x-request-id"])
    requestsMade += 3
    await site.logLine({
      msg: "request",
      reqId: "edge-7f00a1",
      method: "POST",
      path: "/api/waitlist",
      status: 201,
      route: "api/waitlist",
    })
    await site.logLine({
      msg: "request",
      reqId: String(invalid.headers["x-request-id"]),
      path: "/",
      status: 200,
      route: "page",
    })
  })

  it("writes the path of each request without its query, where a link's token lives", async () => {
    const [confirmation] = await smtp.waitForMails(2).then(() => smtp.to(VISITOR.email))
    if (!confirmation) throw new Error("no confirmation mail")
    const confirmToken = tokenIn(confirmation, "/api/waitlist-confirm")
    const leaveToken = tokenIn(confirmation, "/api/waitlist-leave")
    secrets.push(confirmToken, leaveToken)
    const opened = await rawRequest(site.url, {
      method: "GET",
      path: `/api/waitlist-confirm?token=${confirmToken}&lang=en`,
    })
    expect(opened.status).toBe(303)
    const cookie = String(opened.headers["set-cookie"]).split(";")[0] ?? ""
    expect(
      (await rawRequest(site.url, { method: "POST", path: "/api/waitlist-confirm", headers: { Cookie: cookie } }))
        .headers.location,
    ).toMatch(/^\/api\/waitlist-place\?code=\w+&sig=[0-9a-f]{32}$/)
    const left = await rawRequest(site.url, {
      method: "POST",
      path: `/api/waitlist-leave?token=${leaveToken}`,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(left.status).toBe(200)
    expect(
      (
        await rawRequest(site.url, {
          method: "GET",
          path: `/contact?utm_campaign=${CAMPAIGN}&email=${encodeURIComponent(VISITOR.email)}`,
        })
      ).status,
    ).toBe(200)
    requestsMade += 4
    await site.logLine({ msg: "request", method: "GET", path: "/api/waitlist-confirm", status: 303 })
    await site.logLine({ msg: "request", method: "POST", path: "/api/waitlist-leave", status: 200 })
    await site.logLine({ msg: "request", method: "GET", path: "/contact", status: 200 })
  })

  it("names a delivery that failed for good by its id and kind, never the address it was for", async () => {
    smtp.mood = { refuse: 550 }
    try {
      expect((await postJson(site, entryFor(SECOND.email, SECOND))).status).toBe(201)
      requestsMade += 1
      const failed = await site.logLine({ level: "warn", msg: "outbox: a delivery failed for good", kind: "confirm" })
      expect(failed.deliveryId).toEqual(expect.any(Number))
      expect(failed.cause).toMatch(/550/)
    } finally {
      smtp.mood = "accept"
    }
  })

  it("is one JSON object a line on stdout, each with its level, time and message; a line per request, and nothing personal anywhere", async () => {
    await pause(300)
    const { stdout, stderr } = site.output()
    expect(stderr).toBe("")
    const lines = stdout.split("\n").filter((line) => line !== "")
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    for (const line of parsed) {
      expect(line).toEqual(
        expect.objectContaining({
          level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/),
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          msg: expect.any(String),
        }),
      )
    }
    const requests = parsed.filter((line) => line.msg === "request")
    // The launcher's first probe (HEAD /404.html) and every request of this file.
    expect(requests.length).toBeGreaterThanOrEqual(requestsMade + 1)
    expect(requests.filter((line) => typeof line.reqId !== "string" || String(line.path).includes("?"))).toEqual([])
    for (const secret of secrets) expect({ secret, found: stdout.includes(secret) }).toEqual({ secret, found: false })
    // Not even the shape of one: no at sign in any line.
    expect(stdout).not.toContain("@")
  })
})

/** Runs the server as `npm start` does on a terminal (a pseudo-terminal from `script`), with these settings, until its output matches. */
async function onATerminal(
  settings: Record<string, string>,
  until: RegExp,
  then?: (url: string) => Promise<void>,
): Promise<string> {
  const port = await freePort()
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: "https://storyling.example.com",
    WAITLIST_DB_PATH: path.join(dir, `terminal-${port}.sqlite`),
    ...settings,
  }
  const child = spawn(
    "script",
    [
      "-qfec",
      [process.execPath, ...HEAP_FLAGS, path.join(PROJECT_ROOT, LAST_BUILD_OUTPUT)]
        .map((word) => JSON.stringify(word))
        .join(" "),
      "/dev/null",
    ],
    { cwd: PROJECT_ROOT, env, stdio: ["pipe", "pipe", "pipe"] },
  )
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  try {
    for (let waited = 0; !/Storyling is served at/.test(output); waited += 50) {
      if (waited > 30_000) throw new Error(`the server did not start:\n${output}`)
      await pause(50)
    }
    await then?.(`http://127.0.0.1:${port}`)
    for (let waited = 0; !until.test(output); waited += 50) {
      if (waited > 5000) break
      await pause(50)
    }
    return output.replace(/\u001b\[[\d;]*m/g, "")
  } finally {
    child.kill("SIGTERM")
    await new Promise((resolve) => child.once("exit", resolve))
  }
}

describe("the log on a terminal", () => {
  it("is readable lines, not JSON, when `npm start` runs on a terminal", async () => {
    const output = await onATerminal({}, /request/, async (url) => void (await fetch(`${url}/contact`)).text())
    const started = output.split("\n").find((line) => line.includes("Storyling is served at")) ?? ""
    expect(started).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Storyling is served at http:\/\/127\.0\.0\.1:\d+/)
    expect(output).toMatch(/INFO: request .*"path":"\/contact"/)
    expect(() => JSON.parse(started)).toThrow()
  }, 60_000)

  it("is JSON on a terminal too with LOG_FORMAT=json", async () => {
    const output = await onATerminal(
      { LOG_FORMAT: "json" },
      /"msg":"request"/,
      async (url) => void (await fetch(`${url}/contact`)).text(),
    )
    const lines = output.split(/\r?\n/).filter((line) => line.startsWith("{"))
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      expect.stringMatching(/^Storyling is served at http:\/\/127\.0\.0\.1:\d+ /),
      "request",
    ])
  }, 60_000)
})

describe("LOG_LEVEL", () => {
  it("keeps only the lines at its level and above: at warn, no line for requests or for the start", async () => {
    // Behind a proxy it trusts, as on loopback in production it should be, it has nothing to warn of.
    const quiet = await startSiteServer({
      WAITLIST_DB_PATH: path.join(dir, "quiet.sqlite"),
      LOG_LEVEL: "warn",
      WAITLIST_TRUST_PROXY: "1",
    })
    try {
      expect((await rawRequest(quiet.url, { method: "GET", path: "/" })).status).toBe(200)
      expect((await postJson(quiet, entryFor("quiet@example.com"))).status).toBe(201)
      await pause(300)
      expect(quiet.output()).toEqual({ stdout: "", stderr: "" })
    } finally {
      await quiet.stop()
    }
  })
})

describe("a production server on loopback that trusts no proxy", () => {
  it("warns once at start that every visitor a proxy forwards would count as one client", async () => {
    const lone = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "lone.sqlite"), LOG_LEVEL: "warn" })
    try {
      expect((await rawRequest(lone.url, { method: "GET", path: "/" })).status).toBe(200)
      await pause(300)
      const lines = lone
        .output()
        .stdout.split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { level: string; msg: string; host: string })
      expect(lines).toEqual([
        expect.objectContaining({
          level: "warn",
          host: "127.0.0.1",
          msg: "site server: listening on this machine alone, as behind a proxy, but WAITLIST_TRUST_PROXY is 0: every visitor the proxy forwards counts as one client. Set WAITLIST_TRUST_PROXY=1 behind your own proxy",
        }),
      ])
    } finally {
      await lone.stop()
    }
  })
})

describe("a production server started without the heap's flags", () => {
  it("warns once at start, naming them and how to start it", async () => {
    const plain = await startSiteServer(
      { WAITLIST_DB_PATH: path.join(dir, "plain.sqlite"), LOG_LEVEL: "warn", WAITLIST_TRUST_PROXY: "1" },
      { nodeFlags: [] },
    )
    try {
      expect((await rawRequest(plain.url, { method: "GET", path: "/" })).status).toBe(200)
      await pause(300)
      const lines = plain
        .output()
        .stdout.split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { level: string; msg: string; missing: string[] })
      expect(lines).toEqual([
        expect.objectContaining({
          level: "warn",
          missing: ["--max-semi-space-size=32", "--heap-growing-percent=30"],
          msg: "site server: started without --max-semi-space-size=32 --heap-growing-percent=30: a flood of requests can grow its memory by 200 MB. Start it as `node --max-semi-space-size=32 --heap-growing-percent=30 dist/server.js` (npm run serve does)",
        }),
      ])
    } finally {
      await plain.stop()
    }
  })
})
