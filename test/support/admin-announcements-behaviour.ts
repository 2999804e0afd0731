import fs from "fs"
import os from "os"
import path from "path"
import type { Role } from "../../src/admin-api/roles"
import { addressHash } from "../../src/server/addresses/address-hash"
import { PREVIEW_POLICY } from "../../src/server/markdown-mail/list-mail-answers"
import type { AdminApiBackend } from "./admin-api-behaviour"
import { callAdmin, enrol, inviteWithCli, logIn, sessionCookieOf, type EnrolledAccount } from "./admin-client"
import { startApiInProcess } from "./api-in-process"
import { PROJECT_ROOT } from "./project-root"
import type { RunningSite } from "./site-server-process"
import { SmtpTestServer } from "./smtp-test-server"
import { complainOf, seedEntries } from "./seed-entries"
import { openDbOf } from "./waitlist-store-access"
import { countEntries } from "../../src/server/entries/entry-list"
import { deliveriesIn } from "../../src/server/outbox/outbox-queries"
import { announcementProgressOf } from "../../src/server/announcements/announcement-queries"

const LANGUAGES = ["en", "es", "fr", "de", "pt-br", "ja"]

/** A folder of announcements: the repository's launch in six languages, a short one in English, one refused for its raw HTML, and a file that is none. */
function announcementsFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-announcements-"))
  const source = path.join(PROJECT_ROOT, "content", "announcements")
  for (const name of fs.readdirSync(source)) fs.copyFileSync(path.join(source, name), path.join(dir, name))
  fs.writeFileSync(
    path.join(dir, "short.md"),
    '---\nsubject: "A short note, {{name}}"\n---\nHi {{name}}, the Android app now reads aloud.\n',
  )
  fs.writeFileSync(path.join(dir, "broken.md"), "---\nsubject: Hello\n---\nHi <script>alert(1)</script> there.\n")
  fs.writeFileSync(path.join(dir, "notes.txt"), "not an announcement\n")
  return dir
}

type Line = { action: string; actor: string; ip: string | null; detail: string | null; subjectHash: string | null }

/**
 * The admin's announcements over real HTTP, the handlers served in the
 * test's own process on a real store, with a real SMTP server for the
 * tests: every role's allowed and refused routes, cross-origin refusals,
 * hostile names, addresses and languages, the previews' policy, a send
 * that queues one mail per confirmed entry once, pause and resume, and the
 * audit log's lines of each.
 */
export function describeAdminAnnouncementsApi(backend: AdminApiBackend): void {
  // A test that takes an invitation may wait for the password check's worker to load its dictionaries (seconds, see
  // docs/benchmarks.md), after a minute without work ended it.
  jest.setTimeout(30_000)
  let clock = new Date("2026-12-01T09:00:00.000Z")
  const tick = (ms = 31_000) => (clock = new Date(clock.getTime() + ms))
  let site: RunningSite
  let smtp: SmtpTestServer
  let settings: Record<string, string>
  let dir: string
  const accounts = {} as Record<Role, EnrolledAccount>

  async function sessionOf(role: Role) {
    tick()
    return sessionCookieOf(await logIn(site, accounts[role], clock))
  }

  /** The outbox's mails of announcements, each with its recipient and status, and where one announcement's send stands. */
  async function queued(slug: string) {
    const store = openDbOf(settings)
    try {
      const rows = (await deliveriesIn(store, ["pending", "paused", "sent", "failed"])).filter(
        (delivery) => delivery.kind === "announcement",
      )
      const [progress] = await announcementProgressOf(store, slug)
      return {
        rows: new Map(rows.map((row) => [row.id, { recipient: row.recipient, status: row.status }])),
        progress: progress ?? null,
      }
    } finally {
      await store.close()
    }
  }

  /** The mails of `after` that `before` did not have, as recipient and status. */
  const added = (before: Awaited<ReturnType<typeof queued>>, after: Awaited<ReturnType<typeof queued>>) =>
    [...after.rows].filter(([id]) => !before.rows.has(id)).map(([, row]) => row)

  /** The audit log's lines of announcements, newest first. */
  async function announcementLines(cookie: string): Promise<Line[]> {
    const answer = await callAdmin(site, "GET", "audit?page=1", { cookie })
    return (answer.body?.items as Line[])
      .filter((line) => line.action.startsWith("announcement-"))
      .map(({ action, actor, ip, detail, subjectHash }) => ({ action, actor, ip, detail, subjectHash }))
  }

  beforeAll(async () => {
    smtp = await SmtpTestServer.start()
    dir = announcementsFolder()
    settings = {
      ...(await backend.newStore()),
      WAITLIST_RATE_LIMIT: "0",
      WAITLIST_TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      SITE_URL: "https://storyling.example.com",
      MAIL_RATE_PER_SECOND: "0",
      ANNOUNCEMENTS_DIR: dir,
    }
    site = await startApiInProcess(settings, { now: () => clock })
    for (const role of ["owner", "marketing", "legal"] as const) {
      const email = `${role}-news@team.example`
      const token = await inviteWithCli(settings, email, role, clock)
      tick()
      accounts[role] = await enrol(site, token, email, clock)
    }
    await seedEntries(settings, [
      { email: "ana@example.org", locale: "en" },
      { email: "bea@example.org", locale: "es" },
      { email: "chika@example.org", locale: "ja" },
      { email: "dario@example.org", locale: "it" },
      { email: "eve@example.org", locale: "es" },
      { email: "later@example.org", locale: "fr", confirmed: false },
    ])
    // Eve complained about an earlier mail: her address is suppressed.
    await complainOf(settings, "eve@example.org", clock)
  }, 90_000)
  afterAll(async () => {
    await site?.stop()
    await smtp?.down()
    fs.rmSync(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    smtp.mails.length = 0
    smtp.unknown.clear()
  })

  it("lists every announcement of the folder with its languages' subjects, what keeps one from being sent, and that none was sent yet", async () => {
    const answer = await callAdmin(site, "GET", "announcements", { cookie: await sessionOf("marketing") })
    expect(answer.status).toBe(200)
    const list = answer.body?.announcements as {
      slug: string
      versions: { lang: string; subject: string }[]
      problems: string[]
      progress: unknown
    }[]
    expect(list.map((item) => item.slug)).toEqual(["broken", "launch", "short"])
    expect(list[1]).toMatchObject({ problems: [], progress: null })
    expect(list[1]?.versions.map((version) => version.lang)).toEqual(LANGUAGES)
    expect(list[1]?.versions[0]?.subject).toBe("Ana, Storyling is here")
    expect(list[0]).toMatchObject({ versions: [], progress: null })
    expect(list[0]?.problems).toEqual(["broken.md: line 4 holds raw HTML: an announcement is Markdown only"])
  })

  describe("roles", () => {
    const routes = [
      { method: "GET", path: "announcements" },
      { method: "GET", path: "announcements/launch" },
      { method: "GET", path: "announcements/launch/audience" },
      { method: "GET", path: "announcements/launch/preview/es" },
      { method: "POST", path: "announcements/launch/test", body: { to: "editor@example.org" } },
      { method: "POST", path: "announcements/short/send" },
      { method: "POST", path: "announcements/short/pause" },
      { method: "POST", path: "announcements/short/resume" },
    ] as const

    it("let owner and marketing preview, test, send, pause and resume; refuse legal staff with 403 and anyone without a session with 401, changing nothing", async () => {
      const seen: Record<string, Record<string, number>> = {}
      for (const role of ["legal", "owner", "marketing"] as const) {
        const cookie = await sessionOf(role)
        for (const route of routes) {
          const body = "body" in route ? route.body : undefined
          const answer = await callAdmin(site, route.method, route.path, { cookie, body })
          const anonymous = await callAdmin(site, route.method, route.path, { body })
          seen[`${route.method} ${route.path}`] = {
            ...seen[`${route.method} ${route.path}`],
            [role]: answer.status,
            none: anonymous.status,
          }
          expect(answer.headers.get("cache-control")).toBe("no-store")
          if (role === "legal") expect(answer.body).toEqual({ error: "Your role may not use this part of the admin." })
        }
        if (role === "legal") {
          expect(smtp.mails).toEqual([])
          expect(await queued("short")).toEqual({ rows: new Map(), progress: null })
        }
      }
      expect(seen).toEqual(
        Object.fromEntries(
          routes.map((route) => [
            `${route.method} ${route.path}`,
            { owner: 200, marketing: 200, legal: 403, none: 401 },
          ]),
        ),
      )
    })

    it("refuse a state-changing request with a valid session from another origin or site, sending and queueing nothing", async () => {
      const cookie = await sessionOf("owner")
      const before = await queued("launch")
      for (const headers of [
        { Origin: "https://attacker.example" },
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site" },
        {},
      ]) {
        for (const action of ["send", "pause", "resume", "test"]) {
          const answer = await callAdmin(site, "POST", `announcements/launch/${action}`, {
            cookie,
            body: { to: "editor@example.org" },
            headers: { Origin: "", "Sec-Fetch-Site": "", ...headers },
          })
          expect({ action, status: answer.status, error: answer.body?.error }).toEqual({
            action,
            status: 403,
            error: "Changes are taken only from the admin's own pages.",
          })
        }
      }
      expect(await queued("launch")).toEqual(before)
      expect(smtp.mails).toEqual([])
    })
  })

  describe("a test", () => {
    it("sends every language's version to one address through the SMTP server, each marked as a test, and the audit log names who sent it to whom", async () => {
      const cookie = await sessionOf("marketing")
      const answer = await callAdmin(site, "POST", "announcements/launch/test", {
        cookie,
        body: { to: " Editor@Example.org " },
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({
        to: "Editor@Example.org",
        sent: LANGUAGES.map((lang) => ({
          lang,
          subject: expect.stringMatching(new RegExp(`^\\[Test of launch, ${lang}\\] `)),
        })),
      })
      expect(smtp.mails.map((mail) => [mail.envelopeTo, mail.parsed.subject])).toEqual(
        LANGUAGES.map((lang) => [["Editor@example.org"], expect.stringContaining(`[Test of launch, ${lang}]`)]),
      )
      const store = openDbOf(settings)
      // The keyed hash needs the store's key, read once the store has been used.
      await countEntries(store)
      const hash = await store.read(async () => addressHash(store, "editor@example.org"))
      await store.close()
      const [line] = await announcementLines(await sessionOf("owner"))
      expect(line).toEqual({
        action: "announcement-test",
        actor: accounts.marketing.email,
        ip: "127.0.0.1",
        detail: `launch: sent ${LANGUAGES.join(", ")}`,
        subjectHash: hash,
      })
      const about = await callAdmin(site, "GET", `audit?address=${encodeURIComponent("editor@example.org")}`, {
        cookie: await sessionOf("owner"),
      })
      expect((about.body?.items as Line[]).map((item) => item.action)).toContain("announcement-test")
    })

    it("refuses, with a message under the field, anything but one address of the site's rule, and a suppressed address; nothing is sent", async () => {
      const cookie = await sessionOf("owner")
      const hostile: unknown[] = [
        "a@x.example,b@x.example",
        "Ana <ana@x.example>",
        "ana@x.example\r\nBcc: eve@x.example",
        "ana\u200b@x.example",
        "аna@x.example\u202e",
        '"quoted"@x.example',
        "ana@[127.0.0.1]",
        `${"a".repeat(250)}@x.example`,
        "@".repeat(2000),
        ".@.".repeat(600),
        "",
        42,
        { to: "nested@x.example" },
        null,
      ]
      for (const to of hostile) {
        const answer = await callAdmin(site, "POST", "announcements/launch/test", { cookie, body: { to } })
        expect({ to, status: answer.status, field: answer.body?.fields }).toEqual({
          to,
          status: 422,
          field: { to: "Give one e-mail address, such as you@example.com." },
        })
      }
      const suppressed = await callAdmin(site, "POST", "announcements/launch/test", {
        cookie,
        body: { to: "eve@example.org" },
      })
      expect(suppressed).toMatchObject({ status: 422, body: { fields: { to: expect.stringContaining("suppressed") } } })
      const bodies: [string, number][] = [
        ["{not json", 400],
        [`{"to":${"[".repeat(40)}${"]".repeat(40)}}`, 422],
        ['["a@x.example"]', 422],
      ]
      for (const [rawBody, status] of bodies)
        expect((await callAdmin(site, "POST", "announcements/launch/test", { cookie, rawBody })).status).toBe(status)
      expect(
        (
          await callAdmin(site, "POST", "announcements/launch/test", {
            cookie,
            rawBody: JSON.stringify({ to: "x".repeat(5000) }),
          })
        ).status,
      ).toBe(413)
      expect(
        (
          await callAdmin(site, "POST", "announcements/launch/test", {
            cookie,
            rawBody: "to=a@x.example",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
          })
        ).status,
      ).toBe(415)
      expect(smtp.mails).toEqual([])
    })

    it("answers 502 with the mail server's refusal when it refuses the address, and records the attempt, none sent", async () => {
      const cookie = await sessionOf("owner")
      const before = await announcementLines(cookie)
      smtp.unknown.add("nobody@example.org")
      const answer = await callAdmin(site, "POST", "announcements/launch/test", {
        cookie,
        body: { to: "nobody@example.org" },
      })
      expect(answer).toMatchObject({
        status: 502,
        body: { error: expect.stringMatching(/^The test could not be sent: the mail server said “.*550.*”/) },
      })
      const lines = await announcementLines(cookie)
      expect(lines.slice(1)).toEqual(before)
      expect(lines[0]).toMatchObject({
        action: "announcement-test",
        actor: accounts.owner.email,
        detail: expect.stringMatching(/^launch: none sent; the en one failed \(.*550.*\), and the rest were not sent$/),
      })
    })

    it("takes at most 5 test sends an hour to one mailbox in any spelling, whichever account sends, then answers 429 with Retry-After, each attempt in the audit log", async () => {
      tick(2 * 3_600_000)
      // One Gmail mailbox: dots, +tags and googlemail.com reach it alike.
      const spellings = [
        "reviewer.one@gmail.com",
        "reviewerone+a@gmail.com",
        "Reviewer.One@googlemail.com",
        "r.e.v.i.e.w.e.r.o.n.e+b@gmail.com",
        "reviewerone@gmail.com",
        "reviewer.one+c@googlemail.com",
      ]
      const send = async (role: Role, to: string) =>
        callAdmin(site, "POST", "announcements/launch/test", { cookie: await sessionOf(role), body: { to } })
      for (const [n, role] of (["marketing", "owner", "marketing", "owner", "marketing"] as const).entries())
        expect((await send(role, spellings[n] ?? "")).status).toBe(200)
      const refused = await send("owner", spellings[5] ?? "")
      expect(refused).toMatchObject({
        status: 429,
        body: { error: "Not sent: 5 test sends to this address in the last hour already. Try again later." },
      })
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000)
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600)
      const reached = smtp.mails.filter((mail) => mail.envelopeTo.some((to) => spellings.includes(to)))
      expect(reached).toHaveLength(5 * LANGUAGES.length)
      const lines = (await announcementLines(await sessionOf("owner"))).slice(0, 6)
      expect(lines.map((line) => line.detail)).toEqual([
        "launch: refused, 5 test sends to this address in the last hour",
        ...Array(5).fill(`launch: sent ${LANGUAGES.join(", ")}`),
      ])
      // Looking the person up by any spelling finds every attempt.
      const about = await callAdmin(site, "GET", `audit?address=${encodeURIComponent("ReviewerOne@gmail.com")}`, {
        cookie: await sessionOf("owner"),
      })
      expect((about.body?.items as Line[]).filter((item) => item.action === "announcement-test")).toHaveLength(6)
      // An hour after the first, it may be sent to again.
      tick(3_600_000)
      expect((await send("marketing", spellings[0] ?? "")).status).toBe(200)
    }, 30_000)

    it("takes at most 5 test sends an hour by one account, to whatever addresses", async () => {
      tick(2 * 3_600_000)
      const cookie = await sessionOf("marketing")
      for (let i = 1; i <= 5; i++)
        expect(
          (
            await callAdmin(site, "POST", "announcements/launch/test", {
              cookie,
              body: { to: `colleague${i}@example.org` },
            })
          ).status,
        ).toBe(200)
      const refused = await callAdmin(site, "POST", "announcements/launch/test", {
        cookie,
        body: { to: "colleague6@example.org" },
      })
      expect(refused).toMatchObject({
        status: 429,
        body: { error: "Not sent: 5 test sends by this account in the last hour already. Try again later." },
      })
      expect(smtp.mails.filter((mail) => mail.envelopeTo.includes("colleague6@example.org"))).toEqual([])
      // Another account still may.
      expect(
        (
          await callAdmin(site, "POST", "announcements/launch/test", {
            cookie: await sessionOf("owner"),
            body: { to: "colleague6@example.org" },
          })
        ).status,
      ).toBe(200)
    }, 30_000)
  })

  describe("previews", () => {
    it("serve each language's mail as HTML under a policy of their own: nothing loads or runs, sandboxed, framed by the admin's pages alone", async () => {
      const cookie = await sessionOf("owner")
      for (const lang of LANGUAGES) {
        const answer = await callAdmin(site, "GET", `announcements/launch/preview/${lang}`, { cookie })
        expect(answer.status).toBe(200)
        expect(
          Object.fromEntries(
            ["content-type", "content-security-policy", "x-frame-options", "content-disposition", "cache-control"].map(
              (name) => [name, answer.headers.get(name)],
            ),
          ),
        ).toEqual({
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": PREVIEW_POLICY,
          "x-frame-options": "SAMEORIGIN",
          "content-disposition": `inline; filename="launch.${lang}.html"`,
          "cache-control": "no-store",
        })
        expect(answer.text).toMatch(/^<!doctype html>/)
        expect(answer.text).toContain("Ana")
        expect(answer.text).not.toMatch(/<script|<iframe|<object|<embed|<form|\son\w+=/i)
      }
      expect(PREVIEW_POLICY).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox",
      )
    })
  })

  describe("hostile names and languages", () => {
    it("answer 404 to any name that is not an announcement's file and any language it has no version in, reading nothing else", async () => {
      const cookie = await sessionOf("owner")
      const paths = [
        "announcements/nothing",
        "announcements/LAUNCH",
        "announcements/launch.es/preview/es",
        "announcements/launch.md",
        "announcements/notes",
        "announcements/notes.txt",
        "announcements/..%2F..%2Fetc%2Fpasswd",
        "announcements/%2e%2e%2fsettings/preview/en",
        `announcements/${encodeURIComponent("lаunch")}/preview/en`,
        "announcements/launch%00/preview/en",
        "announcements/launch%0A/preview/en",
        `announcements/${"a".repeat(5000)}`,
        `announcements/launch/${"preview/".repeat(50)}en`,
        "announcements/launch/preview/xx",
        "announcements/launch/preview/PT-BR",
        "announcements/launch/preview/it",
        "announcements/launch/preview/",
        "announcements/short/preview/es",
        "announcements/launch/preview/en/more",
        "announcements/launch/nothing",
        "announcements/launch/audience/more",
      ]
      for (const path of paths) {
        const answer = await callAdmin(site, "GET", path, { cookie })
        expect({ path: path.slice(0, 80), status: answer.status, error: typeof answer.body?.error }).toEqual({
          path: path.slice(0, 80),
          status: 404,
          error: "string",
        })
      }
      for (const path of [
        "announcements/nothing/send",
        "announcements/LAUNCH/pause",
        "announcements/launch/preview",
        "announcements/launch/status",
      ]) {
        const answer = await callAdmin(site, "POST", path, { cookie })
        expect({ path, status: answer.status }).toEqual({ path, status: 404 })
      }
      expect((await callAdmin(site, "DELETE", "announcements/launch", { cookie })).status).toBe(405)
      expect((await callAdmin(site, "POST", "announcements", { cookie })).status).toBe(405)
      expect((await callAdmin(site, "GET", "announcements/launch/send", { cookie })).status).toBe(405)
      // A name spelled with escapes of plain letters is the same name (RFC 3986, 6.2.2.2); a broken escape names nothing.
      expect((await callAdmin(site, "GET", "announcements/l%61unch", { cookie })).body?.slug).toBe("launch")
      for (const path of ["announcements/launch%E0%A4%A", "announcements/%ZZ/preview/en"])
        expect({ path, status: (await callAdmin(site, "GET", path, { cookie })).status }).toEqual({ path, status: 400 })
      expect((await queued("launch")).progress).toBeNull()
    })

    it("refuse to preview, test or send an announcement whose files have problems, listing each", async () => {
      const cookie = await sessionOf("owner")
      for (const [method, path] of [
        ["GET", "announcements/broken/preview/en"],
        ["GET", "announcements/broken/audience"],
        ["POST", "announcements/broken/send"],
      ] as const) {
        const answer = await callAdmin(site, method, path, { cookie, body: method === "POST" ? {} : undefined })
        expect(answer).toMatchObject({
          status: 422,
          body: {
            error: "broken cannot be used as it is written: fix its files first.",
            problems: expect.arrayContaining(["broken.md: line 4 holds raw HTML: an announcement is Markdown only"]),
          },
        })
      }
      expect(
        (await callAdmin(site, "POST", "announcements/broken/test", { cookie, body: { to: "editor@example.org" } }))
          .status,
      ).toBe(422)
      expect(smtp.mails).toEqual([])
    })
  })

  describe("a send", () => {
    it("says whom it would reach, queues one mail per confirmed entry in its language (none to the unconfirmed or suppressed), and a second send queues nothing", async () => {
      const cookie = await sessionOf("marketing")
      const audience = await callAdmin(site, "GET", "announcements/launch/audience", { cookie })
      expect(audience).toMatchObject({ status: 200, body: { readers: { en: 2, es: 1, ja: 1 }, suppressed: 1 } })
      const before = await queued("launch")
      expect(before.progress).toBeNull()

      const sent = await callAdmin(site, "POST", "announcements/launch/send", { cookie })
      expect(sent).toMatchObject({
        status: 200,
        body: { queued: { en: 2, es: 1, ja: 1 }, suppressed: 1, state: "sending", pausedReason: null },
      })
      const after = await queued("launch")
      expect(added(before, after).sort((a, b) => a.recipient.localeCompare(b.recipient))).toEqual(
        ["ana@example.org", "bea@example.org", "chika@example.org", "dario@example.org"].map((recipient) => ({
          recipient,
          status: "pending",
        })),
      )
      expect(after.progress?.languages.map(({ lang, queued: n, waiting }) => ({ lang, n, waiting }))).toEqual([
        { lang: "en", n: 2, waiting: 2 },
        { lang: "es", n: 1, waiting: 1 },
        { lang: "ja", n: 1, waiting: 1 },
      ])

      const again = await callAdmin(site, "POST", "announcements/launch/send", { cookie })
      expect(again).toMatchObject({ status: 200, body: { queued: {}, suppressed: 1 } })
      expect(added(after, await queued("launch"))).toEqual([])
      expect(await callAdmin(site, "GET", "announcements/launch/audience", { cookie })).toMatchObject({
        body: { readers: {}, suppressed: 1 },
      })
      const summary = await callAdmin(site, "GET", "announcements/launch", { cookie })
      expect(summary.body).toMatchObject({
        slug: "launch",
        progress: { slug: "launch", state: "sending", pausedReason: null, createdAt: clock.toISOString() },
      })

      const lines = await announcementLines(await sessionOf("owner"))
      expect(lines.slice(0, 2)).toEqual([
        {
          action: "announcement-send",
          actor: accounts.marketing.email,
          ip: "127.0.0.1",
          detail: "launch",
          subjectHash: null,
        },
        {
          action: "announcement-send",
          actor: accounts.marketing.email,
          ip: "127.0.0.1",
          detail: "launch",
          subjectHash: null,
        },
      ])
    })

    it("pauses and resumes: the waiting mails are held, then released, each step once, and each in the audit log", async () => {
      const cookie = await sessionOf("owner")
      const before = await queued("launch")
      const statusOfLaunch = (state: Awaited<ReturnType<typeof queued>>) =>
        [...before.rows.keys()]
          .filter((id) => before.rows.get(id)?.status === "pending")
          .map((id) => state.rows.get(id)?.status)
      const waiting = statusOfLaunch(before).length
      expect(waiting).toBeGreaterThanOrEqual(4)

      expect(await callAdmin(site, "POST", "announcements/launch/pause", { cookie })).toMatchObject({
        status: 200,
        body: { state: "paused" },
      })
      const paused = await queued("launch")
      expect(paused.progress).toMatchObject({
        state: "paused",
        pausedReason: `Paused by ${accounts.owner.email} in the admin`,
      })
      expect(paused.progress?.languages.reduce((sum, row) => sum + row.waiting, 0)).toBe(4)
      expect(statusOfLaunch(paused).filter((status) => status === "paused")).toHaveLength(4)
      expect(await callAdmin(site, "POST", "announcements/launch/pause", { cookie })).toMatchObject({
        status: 409,
        body: { error: "launch has not been sent, or is paused already." },
      })
      expect((await callAdmin(site, "GET", "announcements/launch", { cookie })).body).toMatchObject({
        progress: { state: "paused" },
      })

      expect(await callAdmin(site, "POST", "announcements/launch/resume", { cookie })).toMatchObject({
        status: 200,
        body: { state: "sending" },
      })
      const resumed = await queued("launch")
      expect(resumed.progress).toMatchObject({ state: "sending", pausedReason: null })
      expect(statusOfLaunch(resumed)).toEqual(statusOfLaunch(before))
      expect(await callAdmin(site, "POST", "announcements/launch/resume", { cookie })).toMatchObject({
        status: 409,
        body: { error: "launch has not been sent, or is sending already." },
      })

      const lines = await announcementLines(cookie)
      expect(lines.slice(0, 2)).toEqual([
        {
          action: "announcement-resume",
          actor: accounts.owner.email,
          ip: "127.0.0.1",
          detail: "launch",
          subjectHash: null,
        },
        {
          action: "announcement-pause",
          actor: accounts.owner.email,
          ip: "127.0.0.1",
          detail: "launch",
          subjectHash: null,
        },
      ])
    })

    it("refuses to send an announcement whose text changed since it was sent, and to pause one never sent", async () => {
      const cookie = await sessionOf("owner")
      const file = path.join(dir, "launch.md")
      const text = fs.readFileSync(file, "utf8")
      fs.writeFileSync(file, text.replace("Happy reading", "Happy reading!"))
      try {
        expect(await callAdmin(site, "POST", "announcements/launch/send", { cookie })).toMatchObject({
          status: 409,
          body: { error: expect.stringContaining("a sent announcement cannot change") },
        })
      } finally {
        fs.writeFileSync(file, text)
      }
      fs.writeFileSync(path.join(dir, "fresh.md"), "---\nsubject: Fresh\n---\nHello {{name}}.\n")
      const before = await queued("launch")
      expect(await callAdmin(site, "POST", "announcements/fresh/pause", { cookie })).toMatchObject({
        status: 409,
        body: { error: "fresh has not been sent, or is paused already." },
      })
      expect(await queued("launch")).toEqual(before)
    })

    it("counts a wave before it goes and sends only it: the first places in line, of a platform; a language it has no version in is refused", async () => {
      const cookie = await sessionOf("marketing")
      fs.writeFileSync(path.join(dir, "fresh.md"), "---\nsubject: Fresh\n---\nHello {{name}}.\n")
      expect(await callAdmin(site, "GET", "announcements/fresh/audience?first=2", { cookie })).toMatchObject({
        status: 200,
        body: { readers: { en: 2 }, suppressed: 0 },
      })
      expect(
        await callAdmin(site, "GET", "announcements/fresh/audience?first=5&platform=android", { cookie }),
      ).toMatchObject({ status: 200, body: { readers: {}, suppressed: 0 } })
      expect(await callAdmin(site, "GET", "announcements/fresh/audience?first=0", { cookie })).toMatchObject({
        status: 422,
        body: { fields: { first: expect.any(String) } },
      })
      expect(await callAdmin(site, "GET", "announcements/fresh/audience?platform=watch", { cookie })).toMatchObject({
        status: 422,
        body: { fields: { platform: expect.any(String) } },
      })
      expect(
        await callAdmin(site, "POST", "announcements/fresh/send", { cookie, body: { first: 2, lang: "es" } }),
      ).toMatchObject({ status: 422, body: { error: expect.stringContaining('fresh has no version in "es"') } })
      const before = await queued("fresh")
      expect(
        await callAdmin(site, "POST", "announcements/fresh/send", { cookie, body: { first: 2, platform: "ios" } }),
      ).toMatchObject({ status: 200, body: { queued: { en: 2 } } })
      expect(await callAdmin(site, "POST", "announcements/fresh/send", { cookie, body: { first: 2 } })).toMatchObject({
        status: 200,
        body: { queued: {} },
      })
      const after = await queued("fresh")
      expect(
        added(before, after)
          .map((row) => row.recipient)
          .sort(),
      ).toEqual(["ana@example.org", "bea@example.org"])
      expect(
        after.progress?.waves.map(({ first, lang, platform, queued: n }) => ({ first, lang, platform, n })),
      ).toEqual([
        { first: 2, lang: null, platform: "ios", n: 2 },
        { first: 2, lang: null, platform: null, n: 0 },
      ])
      expect((await announcementLines(await sessionOf("owner")))[1]).toMatchObject({
        action: "announcement-send",
        detail: "fresh: the first 2 in line, on ios",
      })
    })
  })
}
