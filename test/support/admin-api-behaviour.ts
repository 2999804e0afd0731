import lock from "../../content/legal/legal.lock.json"
import { LOGIN_FAILURE_LIMIT } from "../../src/server/admin/admin-limits"
import type { Role } from "../../src/admin-api/roles"
import { revokeAccount } from "../../src/server/admin/admin-queries"
import { addressHash } from "../../src/server/addresses/address-hash"
import { forgetOldAuditAddresses } from "../../src/server/audit/audit-log"
import { siteHostsOf } from "../../src/server/visits/site-hosts"
import { closeVisitDays, recordVisits } from "../../src/server/visits/visit-queries"
import { sourceKey } from "../../src/server/visits/traffic-source"
import { addDays, dayOf } from "../../src/server/visits/visit-day"
import type { VisitStats } from "../../src/admin-api/visit-stats"
import type { VisitorDimension } from "../../src/server/visits/visit-counts"
import { runWaitlistCommand } from "../../src/server/cli/waitlist-commands"
import { readSettings } from "../../src/server/settings"
import { startApiInProcess } from "./api-in-process"
import { rawRequest } from "./raw-http"
import {
  adminCli,
  callAdmin,
  codeAt,
  enrol,
  inviteWithCli,
  logIn,
  sessionCookieOf,
  type EnrolledAccount,
} from "./admin-client"
import type { RunningSite } from "./site-server-process"
import { entryFor, formMetadata, postJson } from "./waitlist-api-client"
import { openDbOf } from "./waitlist-store-access"
import { listEntries } from "../../src/server/entries/entry-list"
import { deliveriesIn } from "../../src/server/outbox/outbox-queries"
import { personRecord } from "../../src/server/people/people-queries"

/** How the admin's suite reaches one kind of store. */
export type AdminApiBackend = { newStore: () => Promise<Record<string, string>> }

const MINUTE = 60_000
const HOSTILE_NAME = "<img src=x onerror=alert(1)>"
/** The privacy policy of a language as the lock records the version effective on the suite's first day, 2026-12-01. */
const policyIn = (lang: "en" | "es") => {
  const texts = lock.documents["privacy-policy"][lang]
  const version = [...texts.archive, texts.current].find((recorded) => recorded.effectiveDate === "2026-12-01")
  return { document: "privacy-policy", language: lang, effectiveDate: version?.effectiveDate, sha256: version?.sha256 }
}

/**
 * What the admin's API does over real HTTP, its handlers served in the
 * test's own process with a real store and a clock the suite moves: the
 * invitation and enrolment, logins and their lock-out, every role's routes,
 * cross-origin refusals, the session's timeouts, a person's export and
 * erasure, the audit log, and hostile input.
 */
export function describeAdminApi(backend: AdminApiBackend): void {
  // A test that takes an invitation may wait for the password check's worker to load its dictionaries (seconds, see
  // docs/benchmarks.md), after a minute without work ended it.
  jest.setTimeout(30_000)
  let clock = new Date("2026-12-01T09:00:00.000Z")
  /** Moves the clock on (by a time step of the authenticators at least, so each login has a code of its own). */
  const tick = (ms = 31_000) => (clock = new Date(clock.getTime() + ms))
  let site: RunningSite
  let settings: Record<string, string>
  const accounts = {} as Record<Role, EnrolledAccount>

  /** An account of a role, invited by the CLI and enrolled through the API. */
  async function enrolled(role: Role, email = `${role}-${Math.random().toString(36).slice(2, 8)}@team.example`) {
    const token = await inviteWithCli(settings, email, role, clock)
    tick()
    return enrol(site, token, email, clock)
  }

  /** A fresh session of an account. */
  async function sessionOf(account: EnrolledAccount) {
    tick()
    return sessionCookieOf(await logIn(site, account, clock))
  }

  beforeAll(async () => {
    settings = { ...(await backend.newStore()), WAITLIST_RATE_LIMIT: "0", WAITLIST_TRUST_PROXY: "1" }
    site = await startApiInProcess(settings, { now: () => clock })
    for (const role of ["owner", "marketing", "legal"] as const) accounts[role] = await enrolled(role)
  }, 60_000)
  afterAll(() => site?.stop())

  describe("an invitation", () => {
    it("shows the account, a QR code and the otpauth:// URI with the secret, takes a password with the authenticator's code once, and starts a session", async () => {
      const token = await inviteWithCli(settings, "Nora@Team.example", "legal", clock)
      const opened = await callAdmin(site, "POST", "invite", { body: { token } })
      expect(opened.status).toBe(200)
      const secret = String(opened.body?.secret)
      expect(opened.body).toEqual({
        email: "Nora@Team.example",
        role: "legal",
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        uri: `otpauth://totp/Storyling%20admin:Nora%40Team.example?secret=${secret}&issuer=Storyling%20admin`,
        qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      })
      expect(Buffer.from(String(opened.body?.qrCode).split(",")[1] ?? "", "base64").toString()).toMatch(/^<svg [^>]*>/)
      const again = await callAdmin(site, "POST", "invite", { body: { token } })
      expect(again.body?.secret).toBe(secret)

      const weak = await callAdmin(site, "POST", "invite/accept", {
        body: { token, password: "Password2024!", code: await codeAt(secret, clock) },
      })
      expect(weak).toMatchObject({
        status: 422,
        body: { fields: { password: expect.stringMatching(/^Attackers would guess this password early\./) } },
      })
      const short = await callAdmin(site, "POST", "invite/accept", {
        body: { token, password: "short one", code: await codeAt(secret, clock) },
      })
      expect(short).toMatchObject({ status: 422, body: { fields: { password: "Use at least 12 characters." } } })
      const wrongCode = await callAdmin(site, "POST", "invite/accept", {
        body: {
          token,
          password: "three quiet rivers meet",
          code: await codeAt(secret, new Date(clock.getTime() - 10 * MINUTE)),
        },
      })
      expect(wrongCode).toMatchObject({
        status: 422,
        body: { fields: { code: expect.stringContaining("not the code") } },
      })

      const accepted = await callAdmin(site, "POST", "invite/accept", {
        body: { token, password: "three quiet rivers meet", code: await codeAt(secret, clock) },
      })
      expect(accepted.status).toBe(204)
      const me = await callAdmin(site, "GET", "session", { cookie: sessionCookieOf(accepted) })
      expect(me).toMatchObject({ status: 200, body: { email: "Nora@Team.example", role: "legal" } })
      expect(await callAdmin(site, "POST", "invite", { body: { token } })).toMatchObject({
        status: 410,
        body: { error: "This invitation has expired or was taken already. Ask an owner for a new one." },
      })
    })

    it("stops working after 24 hours", async () => {
      const token = await inviteWithCli(settings, "late@team.example", "marketing", clock)
      tick(24 * 60 * MINUTE + 1000)
      expect((await callAdmin(site, "POST", "invite", { body: { token } })).status).toBe(410)
    })

    it("ends after 10 failed tries, each refused password or wrong code using one up, and says so", async () => {
      const token = await inviteWithCli(settings, "guesser@team.example", "marketing", clock)
      const secret = String((await callAdmin(site, "POST", "invite", { body: { token } })).body?.secret)
      const stale = async () => codeAt(secret, new Date(clock.getTime() - 10 * MINUTE))
      for (let n = 1; n <= 9; n += 1) {
        const refused =
          n % 2 === 0
            ? await callAdmin(site, "POST", "invite/accept", {
                body: { token, password: "!QAZ2wsx#EDC4rfv", code: await codeAt(secret, clock) },
              })
            : await callAdmin(site, "POST", "invite/accept", {
                body: { token, password: "three quiet rivers meet", code: await stale() },
              })
        expect(refused.status).toBe(422)
      }
      expect(
        await callAdmin(site, "POST", "invite/accept", {
          body: { token, password: "correcthorsebatterystaple", code: await codeAt(secret, clock) },
        }),
      ).toMatchObject({
        status: 410,
        body: { error: "This invitation has ended after 10 failed tries. Ask an owner for a new one." },
      })
      expect(
        await callAdmin(site, "POST", "invite/accept", {
          body: { token, password: "three quiet rivers meet", code: await codeAt(secret, clock) },
        }),
      ).toMatchObject({ status: 410 })
      expect((await callAdmin(site, "POST", "invite", { body: { token } })).status).toBe(410)
    }, 60_000)

    it("cannot be made for an address whose account is active", async () => {
      await expect(inviteWithCli(settings, accounts.owner.email, "marketing", clock)).rejects.toThrow(
        /has an active account already/,
      )
    })
  })

  describe("logging in", () => {
    it("answers 204 and a __Host- cookie that is Secure, HttpOnly, SameSite=Strict for the whole site, with a new session each time", async () => {
      tick()
      const first = await logIn(site, accounts.marketing, clock)
      expect(first.status).toBe(204)
      const [cookie] = first.headers.getSetCookie()
      expect(cookie).toMatch(/^__Host-admin_session=[\w-]{43}; Path=\/; Secure; HttpOnly; SameSite=Strict$/)
      tick()
      const second = await logIn(site, accounts.marketing, clock)
      expect(sessionCookieOf(second)).not.toBe(sessionCookieOf(first))
      for (const session of [sessionCookieOf(first), sessionCookieOf(second)])
        expect((await callAdmin(site, "GET", "session", { cookie: session })).status).toBe(200)
    })

    it("answers 401 with one message whatever failed: an unknown address, a wrong password, a wrong, used or stale code, a revoked account", async () => {
      tick()
      const account = accounts.legal
      const code = await codeAt(account.secret, clock)
      const used = await logIn(site, account, clock)
      expect(used.status).toBe(204)
      const revoked = await enrolled("marketing")
      const revoking = openDbOf(settings)
      await revokeAccount(revoking, revoked.email, { accountId: null, label: "test" }, null, clock)
      await revoking.close()
      tick()
      const attempts = [
        { email: "nobody@team.example", password: account.password, code: await codeAt(account.secret, clock) },
        { email: account.email, password: `${account.password}!`, code: await codeAt(account.secret, clock) },
        { email: account.email, password: account.password, code: "123456" },
        { email: account.email, password: account.password, code },
        {
          email: account.email,
          password: account.password,
          code: await codeAt(account.secret, new Date(clock.getTime() - 5 * MINUTE)),
        },
        { email: account.email, password: account.password, code: "not a code" },
        { email: revoked.email, password: revoked.password, code: await codeAt(revoked.secret, clock) },
      ]
      for (const body of attempts) {
        const answer = await callAdmin(site, "POST", "session", {
          body,
          headers: { "X-Forwarded-For": `203.0.113.${Math.floor(Math.random() * 200)}` },
        })
        expect({ status: answer.status, text: answer.text, cookie: answer.headers.getSetCookie() }).toEqual({
          status: 401,
          text: '{"error":"The e-mail address, password or code is not right."}',
          cookie: [],
        })
      }
    })

    it("lets no one elsewhere hold a known account out: 10 failures from 10 clients only pace logins from browsers it has not seen, and hold none from one it has", async () => {
      const account = await enrolled("marketing")
      tick()
      // The owner's browser logged in before: it keeps the device cookie the login gave it.
      const before = await logIn(site, account, clock, { "X-Forwarded-For": "198.51.100.200" })
      expect(before.status).toBe(204)
      const device = before.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-admin_device="))
      expect(device).toMatch(
        /^__Host-admin_device=\d+\.[\w-]{22}\.[0-9a-f]{64}; Max-Age=31536000; Path=\/; Secure; HttpOnly; SameSite=Strict$/,
      )
      const known = { Cookie: device?.split(";")[0] ?? "" }
      tick()
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        const wrong = await callAdmin(site, "POST", "session", {
          body: { email: account.email, password: "wrong wrong wrong", code: "000000" },
          headers: { "X-Forwarded-For": `198.51.100.${i}` },
        })
        expect(wrong.status).toBe(401)
      }
      // A browser the account has not seen waits for a slot: one try in 30 s.
      const paced = await logIn(site, account, clock, { "X-Forwarded-For": "198.51.100.99" })
      expect(paced.status).toBe(429)
      expect(Number(paced.headers.get("retry-after"))).toBeGreaterThan(0)
      expect(Number(paced.headers.get("retry-after"))).toBeLessThanOrEqual(30)
      expect(paced.body?.error).toBe("Too many failed logins. Try again in a minute.")
      // The known browser is not held, from the same client as a guess or another.
      tick(1000)
      expect((await logIn(site, account, clock, { ...known, "X-Forwarded-For": "198.51.100.3" })).status).toBe(204)
      // Once the slot comes, the owner gets in from a new browser too, with no wall to wait out.
      tick()
      expect((await logIn(site, account, clock, { "X-Forwarded-For": "198.51.100.99" })).status).toBe(204)
      expect((await logIn(site, accounts.owner, clock, { "X-Forwarded-For": "198.51.100.98" })).status).toBe(204)
    })

    it("takes a device cookie only as signed for that account: another account's, a forged or a changed one is a browser never seen", async () => {
      const account = await enrolled("legal")
      const other = await enrolled("legal")
      tick()
      const otherLogin = await logIn(site, other, clock, { "X-Forwarded-For": "203.0.113.200" })
      const otherDevice =
        otherLogin.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith("__Host-admin_device="))
          ?.split(";")[0] ?? ""
      tick()
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        await callAdmin(site, "POST", "session", {
          body: { email: account.email, password: "wrong wrong wrong", code: "000000" },
          headers: { "X-Forwarded-For": `203.0.113.${i}` },
        })
      }
      const [, id, nonce, signature] = /^__Host-admin_device=(\d+)\.([\w-]+)\.([0-9a-f]+)$/.exec(otherDevice) ?? []
      for (const cookie of [
        otherDevice,
        `__Host-admin_device=${id}.${nonce}.${"0".repeat(64)}`,
        `__Host-admin_device=${Number(id) - 1}.${nonce}.${signature}`,
        "__Host-admin_device=garbage",
      ]) {
        expect({
          cookie,
          status: (await logIn(site, account, clock, { Cookie: cookie, "X-Forwarded-For": "203.0.113.99" })).status,
        }).toEqual({ cookie, status: 429 })
      }
    })

    it("holds a known browser by its own failures: 10 within 15 minutes refuse it, with Retry-After, until the window moves on", async () => {
      const account = await enrolled("marketing")
      tick()
      const device =
        (await logIn(site, account, clock, { "X-Forwarded-For": "198.51.100.150" })).headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith("__Host-admin_device="))
          ?.split(";")[0] ?? ""
      tick()
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        await callAdmin(site, "POST", "session", {
          body: { email: account.email, password: "wrong wrong wrong", code: "000000" },
          headers: { Cookie: device, "X-Forwarded-For": `198.51.100.${150 + i}` },
        })
      }
      tick()
      const locked = await logIn(site, account, clock, { Cookie: device, "X-Forwarded-For": "198.51.100.170" })
      expect(locked.status).toBe(429)
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(13 * 60)
      expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60)
      expect(locked.body?.error).toMatch(/^Too many failed logins\. Try again in \d+ minutes\.$/)
      tick(15 * MINUTE)
      expect((await logIn(site, account, clock, { Cookie: device, "X-Forwarded-For": "198.51.100.170" })).status).toBe(
        204,
      )
    })

    it("lets `npm run admin -- unlock` clear what holds an account, so its owner gets in from the client that was locked", async () => {
      const account = await enrolled("owner")
      tick()
      // A guesser on the owner's own network: the client is locked, and the account paced.
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        await callAdmin(site, "POST", "session", {
          body: { email: account.email, password: "wrong wrong wrong", code: "000000" },
          headers: { "X-Forwarded-For": "192.0.2.50" },
        })
      }
      tick()
      expect((await logIn(site, account, clock, { "X-Forwarded-For": "192.0.2.50" })).status).toBe(429)
      const unlocked = await adminCli(settings, ["unlock", account.email], clock)
      expect(unlocked).toEqual({
        code: 0,
        stdout: `Unlocked ${account.email}: the failed logins that held it are cleared\n`,
        stderr: "",
      })
      tick()
      expect((await logIn(site, account, clock, { "X-Forwarded-For": "192.0.2.50" })).status).toBe(204)
      const audit = await callAdmin(site, "GET", "audit?page=1", { cookie: await sessionOf(accounts.owner) })
      expect(
        (audit.body?.items as { action: string; actor: string; detail: string }[]).find(
          (line) => line.action === "unlock",
        ),
      ).toMatchObject({ actor: "command line", detail: `${account.email}: 1 client cleared` })
      expect(await adminCli(settings, ["unlock", "nobody@team.example"], clock)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("there is no account of nobody@team.example"),
      })
    })

    it("refuses a client after 10 failures within 15 minutes, whatever the accounts tried", async () => {
      tick()
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        await callAdmin(site, "POST", "session", {
          body: { email: `guess${i}@team.example`, password: "wrong wrong wrong", code: "000000" },
          headers: { "X-Forwarded-For": "192.0.2.7" },
        })
      }
      tick()
      expect((await logIn(site, accounts.owner, clock, { "X-Forwarded-For": "192.0.2.7" })).status).toBe(429)
      expect((await logIn(site, accounts.owner, clock, { "X-Forwarded-For": "192.0.2.8" })).status).toBe(204)
    })

    it("refuses a login from another origin", async () => {
      tick()
      const answer = await callAdmin(site, "POST", "session", {
        body: {
          email: accounts.owner.email,
          password: accounts.owner.password,
          code: await codeAt(accounts.owner.secret, clock),
        },
        crossOrigin: true,
      })
      expect(answer).toMatchObject({
        status: 403,
        body: { error: "Changes are taken only from the admin's own pages." },
      })
    })
  })

  describe("sessions", () => {
    it("end after 30 minutes without a request", async () => {
      const cookie = await sessionOf(accounts.owner)
      tick(29 * MINUTE)
      expect((await callAdmin(site, "GET", "session", { cookie })).status).toBe(200)
      tick(30 * MINUTE + 1000)
      expect(await callAdmin(site, "GET", "session", { cookie })).toMatchObject({
        status: 401,
        body: { error: "Log in to use the admin." },
      })
    })

    it("end 12 hours after the login, however busy", async () => {
      const cookie = await sessionOf(accounts.owner)
      for (let spent = 0; spent < 12 * 60 - 20; spent += 20) {
        tick(20 * MINUTE)
        expect((await callAdmin(site, "GET", "session", { cookie })).status).toBe(200)
      }
      tick(40 * MINUTE)
      expect((await callAdmin(site, "GET", "session", { cookie })).status).toBe(401)
    })

    it("end at logout: the cookie is cleared and the session is no more", async () => {
      const cookie = await sessionOf(accounts.marketing)
      const out = await callAdmin(site, "DELETE", "session", { cookie })
      expect(out.status).toBe(204)
      expect(out.headers.getSetCookie()).toEqual([
        "__Host-admin_session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Strict",
      ])
      expect((await callAdmin(site, "GET", "session", { cookie })).status).toBe(401)
    })
  })

  describe("roles", () => {
    const routes = [
      { method: "GET", path: "session", allowed: ["owner", "marketing", "legal"] },
      { method: "GET", path: "dashboard", allowed: ["owner", "marketing"] },
      { method: "GET", path: "entries", allowed: ["owner", "marketing", "legal"] },
      { method: "GET", path: "people/someone%40example.com", allowed: ["owner", "legal"], otherwise: 404 },
      { method: "DELETE", path: "people/someone%40example.com", allowed: ["owner", "legal"], otherwise: 404 },
      { method: "GET", path: "audit", allowed: ["owner", "legal"] },
    ] as const

    it("lets each role use its routes only, and no one without a session", async () => {
      const seen: Record<string, Record<string, number>> = {}
      const expected: Record<string, Record<string, number>> = {}
      for (const role of ["owner", "marketing", "legal"] as const) {
        const cookie = await sessionOf(accounts[role])
        for (const route of routes) {
          const key = `${route.method} ${route.path}`
          const answer = await callAdmin(site, route.method, route.path, {
            cookie,
            body: "body" in route ? route.body : undefined,
          })
          seen[key] = {
            ...seen[key],
            [role]: answer.status,
            none: (await callAdmin(site, route.method, route.path, { body: "body" in route ? route.body : undefined }))
              .status,
          }
          const allowed = (route.allowed as readonly string[]).includes(role)
          expected[key] = {
            ...expected[key],
            [role]: allowed ? ("otherwise" in route ? route.otherwise : 200) : 403,
            none: 401,
          }
          expect(answer.headers.get("cache-control")).toBe("no-store")
        }
      }
      expect(seen).toEqual(expected)
    })

    it("refuses a state-changing request with a valid session from another origin or site, and changes nothing", async () => {
      await postJson(site, entryFor("kept@example.com"))
      const cookie = await sessionOf(accounts.owner)
      for (const headers of [
        { Origin: "https://attacker.example" },
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site", Origin: "https://admin.attacker.example" },
        { "Sec-Fetch-Site": "same-site" },
        {},
      ]) {
        const answer = await callAdmin(site, "DELETE", "people/kept%40example.com", {
          cookie,
          headers: { Origin: "", "Sec-Fetch-Site": "", ...headers },
        })
        expect(answer.status).toBe(403)
      }
      expect((await callAdmin(site, "DELETE", "session", { cookie, crossOrigin: true })).status).toBe(403)
      // DNS rebinding: another site's name pointed at this server, its Origin and the request's Host in agreement.
      const host = `rebound.example:${new URL(site.url).port}`
      const login = {
        email: accounts.owner.email,
        password: accounts.owner.password,
        code: await codeAt(accounts.owner.secret, clock),
      }
      for (const [method, path, body] of [
        ["POST", "/api/admin/session", JSON.stringify(login)],
        ["DELETE", "/api/admin/people/kept%40example.com", undefined],
      ] as const) {
        const rebound = await rawRequest(site.url, {
          method,
          path,
          headers: {
            Host: host,
            Origin: `http://${host}`,
            "Sec-Fetch-Site": "same-origin",
            Cookie: cookie,
            "Content-Type": "application/json",
          },
          body,
        })
        expect({ path, status: rebound.status }).toEqual({ path, status: 403 })
      }
      expect((await callAdmin(site, "GET", "people/kept%40example.com", { cookie })).status).toBe(200)
    })
  })

  describe("a person's data", () => {
    it("exports everything held about an address, with the privacy policy in force at each sign-up and at the confirmation, text as text", async () => {
      await postJson(
        site,
        entryFor("Hostile@Example.com", {
          name: HOSTILE_NAME,
          message: "<script>alert(2)</script>",
          metadata: { ...formMetadata, locale: "es", referrer: "https://news.example.org/a" },
        }),
      )
      tick()
      await postJson(
        site,
        entryFor("hostile@example.com", {
          name: "Second",
          message: "again",
          metadata: { ...formMetadata, locale: "en" },
        }),
      )
      const store = openDbOf(settings)
      const draft = (await deliveriesIn(store, ["pending"]))
        .filter((delivery) => delivery.kind === "confirm" && delivery.recipient.toLowerCase() === "hostile@example.com")
        .map((delivery) => JSON.parse(delivery.payload) as { confirmToken?: string })[0]
      await store.close()
      const confirmedAt = clock.toISOString()
      const confirmed = await fetch(`${site.url}/api/waitlist-confirm?token=${draft?.confirmToken}&lang=es`, {
        method: "POST",
        redirect: "manual",
      })
      expect(confirmed.headers.get("location")).toMatch(/^\/es\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)

      const cookie = await sessionOf(accounts.legal)
      const exported = await callAdmin(site, "GET", `people/${encodeURIComponent("HOSTILE@example.com")}`, { cookie })
      expect(exported.status).toBe(200)
      expect(exported.headers.get("content-disposition")).toBe('attachment; filename="personal-data.json"')
      expect(exported.body).toMatchObject({
        address: "HOSTILE@example.com",
        entry: {
          name: HOSTILE_NAME,
          email: "Hostile@example.com",
          language: "es",
          cameFrom: { referrerHost: "news.example.org", utmSource: "newsletter" },
        },
        confirmation: { confirmedAt, privacyPolicyWhenConfirmed: policyIn("es"), confirmationMailsSent: 1 },
        messages: [
          {
            name: HOSTILE_NAME,
            message: "<script>alert(2)</script>",
            metadata: { locale: "es" },
            privacyPolicyInForce: policyIn("es"),
          },
          { name: "Second", message: "again", privacyPolicyInForce: policyIn("en") },
        ],
        mails: expect.arrayContaining([
          expect.objectContaining({
            kind: "confirm",
            status: "pending",
            what: "a mail to you asking to confirm your address",
          }),
          expect.objectContaining({ kind: "notify" }),
        ]),
        // No announcement was sent, no step of the sequences decided, and nothing bounced: said as empty, not left out.
        announcementMails: [],
        sequenceMails: [],
        suppression: null,
        bounces: [],
      })
      expect(exported.text).toContain(JSON.stringify(HOSTILE_NAME))
    })

    it("answers 404 for an address nothing is held about, and records the attempt", async () => {
      const cookie = await sessionOf(accounts.owner)
      expect(await callAdmin(site, "GET", "people/never%40example.com", { cookie })).toMatchObject({
        status: 404,
        body: { error: "Nothing is held about this address." },
      })
    })

    it("never names a person's entry by a spelling a URL's parser would fold into their address (a path, a query, a port, escapes)", async () => {
      await postJson(site, entryFor("folded@example.com", { name: "Folded" }))
      const cookie = await sessionOf(accounts.owner)
      expect((await callAdmin(site, "GET", "people/folded%40example.com", { cookie })).status).toBe(200)
      for (const spelling of [
        "folded@example.com/extra",
        "folded@example.com?x",
        "folded@example.com#x",
        "folded@example.com:25",
        "folded@ex%61mple.com",
        "folded@example.com\\x",
        "folded@[example.com]",
      ]) {
        const answer = await callAdmin(site, "GET", `people/${encodeURIComponent(spelling)}`, { cookie })
        expect({ spelling, status: answer.status, error: typeof answer.body?.error }).toEqual({
          spelling,
          status: 400,
          error: "string",
        })
      }
      expect(
        (await callAdmin(site, "GET", `audit?address=${encodeURIComponent("folded@example.com/extra")}`, { cookie }))
          .status,
      ).toBe(422)
    })

    it("erases an entry with a plain DELETE of its address (no body, in any case), keeping a record of the erasure by a keyed hash alone, and lists each step in the audit log", async () => {
      await postJson(site, entryFor("gone@example.com", { name: "Gone" }))
      const cookie = await sessionOf(accounts.legal)
      expect((await callAdmin(site, "GET", "people/gone%40example.com", { cookie })).status).toBe(200)
      expect(await callAdmin(site, "DELETE", "people/GONE%40example.com", { cookie })).toMatchObject({
        status: 200,
        body: { erased: true },
      })

      const store = openDbOf(settings)
      const person = await personRecord(store, "gone@example.com")
      const hash = await store.read(async () => addressHash(store, "gone@example.com"))
      expect((await listEntries(store)).some((entry) => entry.email === "gone@example.com")).toBe(false)
      await store.close()
      expect(person).toMatchObject({ entry: null, messages: [], deliveries: [], erasures: [{ erasedAt: clock }] })
      expect(hash).toMatch(/^[0-9a-f]{64}$/)

      const about = await callAdmin(site, "GET", `audit?address=${encodeURIComponent("gone@example.com")}`, { cookie })
      expect(
        (about.body?.items as Record<string, unknown>[]).map(({ action, actor, subjectHash, ip }) => ({
          action,
          actor,
          subjectHash,
          ip,
        })),
      ).toEqual([
        { action: "erase", actor: accounts.legal.email, subjectHash: hash, ip: "127.0.0.1" },
        { action: "export", actor: accounts.legal.email, subjectHash: hash, ip: "127.0.0.1" },
      ])
      expect(JSON.stringify(about.body)).not.toContain("gone@example.com")
      expect(await callAdmin(site, "DELETE", "people/gone%40example.com", { cookie })).toMatchObject({
        status: 404,
        body: { error: "No entry has this address: there is nothing to erase." },
      })
    })
  })

  describe("the audit log", () => {
    it("lists every login, failed login, logout, invitation, enrolment, revocation, unlock, export and erasure with who, when and from where, newest first", async () => {
      const cookie = await sessionOf(accounts.owner)
      const all: { action: string; actor: string; at: string }[] = []
      for (let page = 1; ; page++) {
        const next = (await callAdmin(site, "GET", `audit?page=${page}`, { cookie })).body?.items as typeof all
        if (next.length === 0) break
        all.push(...next)
      }
      expect(new Set(all.map((item) => item.action))).toEqual(
        new Set([
          "login",
          "login-failed",
          "logout",
          "invite",
          "enrol",
          "invite-ended",
          "revoke",
          "unlock",
          "export",
          "erase",
        ]),
      )
      expect(all.map((item) => item.at)).toEqual([...all.map((item) => item.at)].sort().reverse())
      expect(all.find((item) => item.action === "invite")).toMatchObject({ actor: "command line" })
      expect(all.find((item) => item.action === "login-failed" && item.actor === "unknown account")).toBeDefined()
    })

    it("keeps a client's address 30 days, then only its keyed hash", async () => {
      const cookie = await sessionOf(accounts.owner)
      const before = (await callAdmin(site, "GET", "audit", { cookie })).body?.items as {
        id: number
        ip: string | null
        ipHash: string | null
      }[]
      const newest = before[0]
      expect(newest).toMatchObject({ ip: "127.0.0.1", ipHash: null })
      tick(31 * 24 * 60 * MINUTE)
      const store = openDbOf(settings)
      await forgetOldAuditAddresses(store, clock)
      await store.close()
      const after = await sessionOf(accounts.owner)
      const lines = (await callAdmin(site, "GET", "audit?page=1", { cookie: after })).body?.items as {
        id: number
        ip: string | null
        ipHash: string | null
      }[]
      expect(lines.find((line) => line.id === newest?.id)).toMatchObject({
        ip: null,
        ipHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      })
    })
  })

  describe("entries and the dashboard", () => {
    it("finds entries by part of an address or name, in any case, newest first, a page at a time, with wildcards taken literally", async () => {
      for (let i = 0; i < 27; i++) {
        tick(1000)
        await postJson(site, entryFor(`pager${i}@example.com`, { name: i === 5 ? "Zoë 100%_done" : `Pager ${i}` }))
      }
      const cookie = await sessionOf(accounts.marketing)
      const first = await callAdmin(site, "GET", "entries?q=PAGER", { cookie })
      expect(first.body).toMatchObject({ total: 27, page: 1, pageSize: 25 })
      expect((first.body?.items as { email: string }[])[0]?.email).toBe("pager26@example.com")
      const second = await callAdmin(site, "GET", "entries?q=pager&page=2", { cookie })
      expect((second.body?.items as { email: string }[]).map((item) => item.email)).toEqual([
        "pager1@example.com",
        "pager0@example.com",
      ])
      expect(
        ((await callAdmin(site, "GET", "entries?q=zo%C3%8B", { cookie })).body?.items as { name: string }[]).map(
          (item) => item.name,
        ),
      ).toEqual(["Zoë 100%_done"])
      expect((await callAdmin(site, "GET", "entries?q=0%25_", { cookie })).body?.total).toBe(1)
      expect((await callAdmin(site, "GET", "entries?q=%25", { cookie })).body?.total).toBe(1)
    })

    it("counts sign-ups and confirmations per day, by language and source, the share confirmed, and the outbox's health", async () => {
      const cookie = await sessionOf(accounts.marketing)
      const answer = await callAdmin(site, "GET", "dashboard?days=7", { cookie })
      expect(answer.status).toBe(200)
      const figures = answer.body as {
        periodDays: number
        days: { day: string; signUps: number }[]
        languages: unknown[]
        sources: unknown[]
        confirmed: { all: { entries: number; confirmed: number } }
        outbox: { pending: number }
      }
      expect(figures.periodDays).toBe(7)
      expect(figures.days).toHaveLength(7)
      expect(figures.days.at(-1)?.day).toBe(clock.toISOString().slice(0, 10))
      const store = openDbOf(settings)
      const entries = await listEntries(store)
      await store.close()
      const inPeriod = entries.filter(
        (entry) => entry.createdAt.getTime() >= Date.parse(`${figures.days[0]?.day}T00:00:00Z`),
      )
      expect(figures.days.reduce((sum, day) => sum + day.signUps, 0)).toBe(inPeriod.length)
      expect(figures.confirmed.all).toEqual({
        entries: entries.length,
        confirmed: entries.filter((entry) => entry.confirmedAt).length,
      })
      expect(figures.languages).toEqual(expect.arrayContaining([{ lang: "en", entries: expect.any(Number) }]))
      expect(figures.sources).toEqual(expect.arrayContaining([expect.objectContaining({ utmSource: "newsletter" })]))
      expect(figures.outbox.pending).toBeGreaterThan(0)
    })

    it("shows the visits of the same days with their funnel by source, exactly as `npm run waitlist -- stats --json` prints them", async () => {
      const today = dayOf(clock)
      const yesterday = addDays(today, -1)
      const launch = sourceKey({ source: "launch-post", medium: "social", campaign: "" })
      const views = (day: string, page: string, language: string, count: number) => ({
        day,
        page,
        language,
        referrer: "",
        utmSource: "launch-post",
        utmMedium: "social",
        utmCampaign: "",
        views: count,
      })
      const visitor = (day: string, dimension: VisitorDimension, value: string, hash: string) => ({
        day,
        dimension,
        value,
        visitor: hash,
      })
      const rows = (day: string, hash: string, pages: string[], language: string) => [
        visitor(day, "all", "", hash),
        visitor(day, "language", language, hash),
        visitor(day, "source", launch, hash),
        ...pages.map((page) => visitor(day, "page", page, hash)),
        ...(pages.includes("/contact") ? [visitor(day, "contact", "", hash)] : []),
      ]
      // Written as the counter writes them, and yesterday's visitors made counts as the job that closes the days does.
      const store = openDbOf(settings)
      await recordVisits(store, [views(yesterday, "/", "en", 2)], rows(yesterday, "v1", ["/"], "en"))
      await closeVisitDays(store, yesterday)
      await recordVisits(
        store,
        [views(today, "/", "es", 1), views(today, "/contact", "es", 1)],
        [...rows(today, "v2", ["/", "/contact"], "es"), ...rows(today, "v3", ["/"], "es")],
      )
      await closeVisitDays(store, today)
      await store.close()
      const signUp = {
        ...formMetadata,
        locale: "es",
        referrer: null,
        utm: { utm_source: "launch-post", utm_medium: "social" },
      }
      expect((await postJson(site, entryFor("launch-reader@example.com", { metadata: signUp }))).status).toBe(201)
      const opened = openDbOf(settings)
      const draft = (await deliveriesIn(opened, ["pending"])).find(
        (delivery) => delivery.kind === "confirm" && delivery.recipient === "launch-reader@example.com",
      )
      await opened.close()
      const { confirmToken } = JSON.parse(draft?.payload ?? "{}") as { confirmToken?: string }
      expect(
        (await fetch(`${site.url}/api/waitlist-confirm?token=${confirmToken}`, { method: "POST", redirect: "manual" }))
          .status,
      ).toBe(303)

      const answer = await callAdmin(site, "GET", "dashboard?days=7", { cookie: await sessionOf(accounts.marketing) })
      expect(answer.status).toBe(200)
      const visits = answer.body?.visits as VisitStats
      expect(visits.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)))
      expect(
        visits.days
          .slice(-2)
          .map(({ date, visitors, pageviews, contactVisitors }) => ({ date, visitors, pageviews, contactVisitors })),
      ).toEqual([
        { date: yesterday, visitors: 1, pageviews: 2, contactVisitors: 0 },
        { date: today, visitors: 2, pageviews: 2, contactVisitors: 1 },
      ])
      expect(visits.sources.find((source) => source.source === "launch-post")).toEqual({
        source: "launch-post",
        medium: "social",
        campaign: "",
        visitors: 3,
        contactVisitors: 1,
        signups: 1,
        confirmed: 1,
        appStoreClicks: 0,
        googlePlayClicks: 0,
      })
      expect(visits.pages).toEqual([
        { page: "/", visitors: 3, pageviews: 3 },
        { page: "/contact", visitors: 1, pageviews: 1 },
      ])
      expect(visits.languages).toEqual([
        { language: "en", visitors: 1, pageviews: 2 },
        { language: "es", visitors: 2, pageviews: 2 },
      ])

      // The command line, on the same store and clock, prints the same figures.
      let printed = ""
      const code = await runWaitlistCommand(["stats", "--days", "7", "--json"], {
        openDb: () => openDbOf(settings),
        siteHosts: siteHostsOf(readSettings(settings)),
        now: () => clock,
        out: (text) => void (printed += text),
        err: () => undefined,
      })
      expect(code).toBe(0)
      expect(JSON.parse(printed)).toEqual({ ...visits, mailHealth: answer.body?.mailHealth })
      // Legal staff do not see the dashboard, visits included.
      expect(
        (await callAdmin(site, "GET", "dashboard?days=7", { cookie: await sessionOf(accounts.legal) })).status,
      ).toBe(403)
    })
  })

  describe("hostile input", () => {
    it("answers bounded, clear 4xx to addresses, terms, pages and bodies that no entry or page could have", async () => {
      const cookie = await sessionOf(accounts.owner)
      const cases: [string, string, number, string?][] = [
        ["GET", `people/${"a".repeat(250)}%40${"b".repeat(10)}.example`, 400],
        ["GET", `people/${"%40".repeat(5000)}`, 400],
        ["GET", "people/%E0%A4%A", 400],
        ["GET", "people/ana%0A%40example.com", 400],
        ["GET", "people/ana%E2%80%8E%40example.com", 400],
        ["GET", `entries?q=${"x".repeat(201)}`, 422],
        ["GET", "entries?page=0", 422],
        ["GET", "entries?page=abc", 422],
        ["GET", "entries?page=99999999999999999999", 422],
        ["GET", "audit?page=-1", 422],
        ["GET", `audit?address=${"@".repeat(300)}`, 422],
        ["GET", "dashboard?days=31", 422],
        ["GET", "no-such-route", 404],
        ["PUT", "entries", 405],
        ["POST", "session", 400, "{not json"],
        ["POST", "session", 422, `{"email":${"[".repeat(50)}${"]".repeat(50)}}`],
        ["POST", "session", 422, '{"email":"a@b.example","password":1,"code":"123456"}'],
        ["POST", "invite", 410, '{"token":"../../etc/passwd"}'],
      ]
      for (const [method, path, status, rawBody] of cases) {
        const answer = await callAdmin(site, method, path, { cookie, rawBody })
        expect({ path: path.slice(0, 60), status: answer.status, error: typeof answer.body?.error }).toEqual({
          path: path.slice(0, 60),
          status,
          error: "string",
        })
      }
      const huge = await fetch(`${site.url}/api/admin/session`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: site.url },
        body: JSON.stringify({ email: "a@b.example", password: "x".repeat(10_000), code: "123456" }),
      })
      expect(huge.status).toBe(413)
      const wrongType = await callAdmin(site, "POST", "session", {
        rawBody: "email=a",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      })
      expect(wrongType.status).toBe(415)
    })
  })
}
