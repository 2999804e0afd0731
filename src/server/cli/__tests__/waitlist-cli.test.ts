/**
 * @jest-environment node
 */
import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { freePort } from "../../../../test/support/free-port"
import { parseCsv } from "../../../../test/support/parse-csv"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { bundleServer } from "../../../build/bundle-server"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { discardEntry, openDbOf, saveEntry } from "../../../../test/support/waitlist-store-access"
import { NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { listEntries } from "../../entries/entry-list"
import { submitSignup, type NewWaitlistEntry } from "../../signup/sign-up"
import { confirmAddress } from "../../signup/links"
import { claimed, markTriedAndFailed } from "../../../../test/support/outbox-access"
import { closeVisitDays, recordVisits } from "../../visits/visit-queries"
import { recordStoreClicks } from "../../visits/store-click-queries"
import { personRecord } from "../../people/people-queries"
import { auditLog } from "../../audit/audit-log"
import { clientAt } from "../../http/client-address"
import { USER_AGENTS } from "../../../../test/support/device-user-agents"
import { signUpAt } from "../../../../test/support/referred-sign-ups"
import { quietLogger } from "../../../../test/support/test-logger"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { runRewards } from "../../rewards/reward-job"
import { readSettings } from "../../settings"

const REWARDS_FIXTURE = path.join(PROJECT_ROOT, "test", "fixtures", "rewards", "rewards.md")

type Settings = Record<string, string>
type Outcome = { code: number; stdout: string; stderr: string }

/** Runs a command line in the project with these store settings (and no outer ones), SITE_URL set unless they unset it. */
function run(program: string, args: string[], settings: Settings): Promise<Outcome> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(DATABASE_URL|WAITLIST_\w+|SITE_URL|NODE_ENV|PORT|HOST)$/.test(name),
    ),
  )
  return new Promise((resolve) => {
    execFile(
      program,
      args,
      { cwd: PROJECT_ROOT, env: { ...env, SITE_URL: "https://storyling.example.com", ...settings } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
      },
    )
  })
}

/**
 * The CLI compiled as the build and `npm run waitlist` compile it, into a
 * folder of this run (under node_modules, so its packages resolve as
 * dist/'s do), and run with plain Node.
 */
const compiledDir = path.join(PROJECT_ROOT, "node_modules", ".cache", `waitlist-cli-test-${process.pid}`)
const waitlist = (args: string[], settings: Settings) =>
  run(process.execPath, [path.join(compiledDir, "waitlist.js"), ...args], settings)

async function seed(settings: Settings, entries: NewWaitlistEntry[]) {
  const store = openDbOf(settings)
  for (const entry of entries) await saveEntry(store, entry)
  const saved = await listEntries(store)
  await store.close()
  return saved
}

const eve = {
  name: '=HYPERLINK("x")',
  email: "eve@example.com",
  message: "Hello, world\nsecond line",
  metadata: { utm: { utm_source: "ad" } },
}
const ana = { name: "Ana", email: "ana@example.com", message: "Hola", metadata: {} }

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-cli-"))
let postgres: PostgresServer
let stores = 0
beforeAll(async () => {
  await bundleServer(PROJECT_ROOT, ["waitlist"], compiledDir)
  postgres = await startPostgresServer()
}, 10 * 60_000)
afterAll(async () => {
  await postgres?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(compiledDir, { recursive: true, force: true })
})

describe.each([
  {
    store: "SQLite",
    newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, `cli-${++stores}.sqlite`) }),
    unreachable: async () => ({ WAITLIST_DB_PATH: path.join(__filename, "waitlist.sqlite") }),
  },
  {
    store: "PostgreSQL",
    newStore: async () => ({ DATABASE_URL: await postgres.createDatabase() }),
    unreachable: async () => ({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/waitlist` }),
  },
])("npm run waitlist on the $store store", ({ newStore, unreachable }) => {
  jest.setTimeout(30_000)

  it("prints the number of entries with `count`", async () => {
    const settings = await newStore()
    await seed(settings, [ana, eve])
    expect(await waitlist(["count"], settings)).toEqual({ code: 0, stdout: "2\n", stderr: "" })
  })

  it("prints a CSV header and one row per entry with `export`, quoted and with formulas defused", async () => {
    const settings = await newStore()
    const [first, second] = await seed(settings, [ana, eve])
    const { code, stdout, stderr } = await waitlist(["export"], settings)
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
    expect(stdout).toContain(`"'=HYPERLINK(""x"")",eve@example.com,"Hello, world\nsecond line",`)
    const history = (entry: typeof first) =>
      JSON.stringify([{ submitted_at: entry?.updatedAt.toISOString(), name: entry?.name, message: entry?.message }])
    expect(parseCsv(stdout)).toEqual([
      [
        "name",
        "email",
        "message",
        "created_at",
        "updated_at",
        "confirmed_at",
        "metadata",
        "messages",
        "suppressed_at",
        "suppressed_reason",
        "place",
        "referrals",
        "referred_by",
      ],
      [
        "Ana",
        "ana@example.com",
        "Hola",
        first?.createdAt.toISOString(),
        first?.updatedAt.toISOString(),
        "",
        "{}",
        history(first),
        "",
        "",
        "",
        "0",
        "",
      ],
      [
        `'${eve.name}`,
        eve.email,
        eve.message,
        second?.createdAt.toISOString(),
        second?.updatedAt.toISOString(),
        "",
        JSON.stringify(eve.metadata),
        history(second),
        "",
        "",
        "",
        "0",
        "",
      ],
    ])
  })

  it("exports each confirmed entry's place (REFERRAL_BOOST places ahead per credited referral), its referrals and its referrer", async () => {
    const settings = { ...(await newStore()), REFERRAL_BOOST: "2" }
    const store = openDbOf(settings)
    const now = new Date()
    const signUp = async (email: string, code: string | null = null) => {
      const tokenKey = linkTokenKey(newLinkToken())
      const confirmation = {
        mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
        tokenKey,
        leaveTokenKey: linkTokenKey(newLinkToken()),
        expiresAt: new Date(now.getTime() + 60_000),
      }
      await submitSignup(store, {
        entry: { ...ana, email },
        discard: false,
        rateLimit: null,
        plan: { ...NOTHING_TO_DELIVER, confirmation },
        now,
        cameThrough: code ? { code, client: clientAt("192.0.2.1") } : null,
      })
      await confirmAddress(store, tokenKey, now, null)
      return (
        await store.read((on) =>
          on
            .selectFrom("waitlist_entries")
            .select("referral_code")
            .where("email", "=", email)
            .executeTakeFirstOrThrow(),
        )
      ).referral_code
    }
    try {
      for (const email of ["a@example.com", "b@example.com"]) await signUp(email)
      await signUp("friend@example.org", await signUp("cleo@example.com"))
    } finally {
      await store.close()
    }
    const { stdout } = await waitlist(["export", "--confirmed"], settings)
    expect(parseCsv(stdout).map((row) => [row[1], ...row.slice(-3)])).toEqual([
      ["email", "place", "referrals", "referred_by"],
      ["a@example.com", "2", "0", ""],
      ["b@example.com", "3", "0", ""],
      ["cleo@example.com", "1", "1", ""],
      ["friend@example.org", "4", "0", "cleo@example.com"],
    ])
  })

  it("imports a store's codes with `rewards import` (one a line, App Store Connect's and the Play Console's CSV), imports nothing from a bad file, and prints `rewards status`; `announce send --rewarded` mails exactly those who earned the tier", async () => {
    const settings = { ...(await newStore()), REWARDS_FILE: REWARDS_FIXTURE, MAIL_OUTBOX_DIR: path.join(dir, "outbox") }
    const files = {
      plain: ["IOSCODE0001", "", "IOSCODE0002"].join("\n"),
      appStore: ["Code,Expiration Date", "IOSCODE0003,2027-06-01", "IOSCODE0001,2027-06-01"].join("\r\n"),
      play: ["Promotion code", "PLAYCODE0000000000000001"].join("\n"),
      bad: ["IOSCODE0004", "not a code!"].join("\n"),
    }
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, `${name}.csv`), text)
    const file = (name: keyof typeof files) => path.join(dir, `${name}.csv`)
    expect(await waitlist(["rewards", "import", "starter", "ios", file("plain")], settings)).toMatchObject({
      code: 0,
      stdout:
        "Imported 2 codes of the App Store for starter. The running server pays the rewards waiting for them within a minute.\n",
    })
    expect((await waitlist(["rewards", "import", "starter", "ios", file("appStore")], settings)).stdout).toBe(
      "Imported 1 code of the App Store for starter (1 was imported before, and left as they were). The running server pays the rewards waiting for them within a minute.\n",
    )
    expect((await waitlist(["rewards", "import", "starter", "android", file("play")], settings)).stdout).toContain(
      "Imported 1 code of Google Play for starter.",
    )
    expect(await waitlist(["rewards", "import", "starter", "ios", file("bad")], settings)).toMatchObject({
      code: 1,
      stderr: `waitlist: nothing was imported from ${file("bad")}:\n  - line 2: "not a code!" is not a store's code (letters, digits and hyphens)\n`,
    })

    const store = openDbOf(settings)
    try {
      const ana = await signUpAt(store, "ana@example.com", new Date("2026-12-01T09:00:00Z"), {
        metadata: { locale: "en", userAgent: USER_AGENTS.iPhoneSafari },
      })
      await ana.confirm(new Date("2026-12-01T09:00:00Z"))
      await (
        await signUpAt(store, "ben@example.com", new Date("2026-12-01T09:00:00Z"))
      ).confirm(new Date("2026-12-01T09:00:00Z"))
      for (const n of [1, 2, 3])
        await (
          await signUpAt(store, `friend${n}@example.org`, new Date("2026-12-01T09:01:00Z"), {
            code: ana.code,
            client: `198.51.${n}.1`,
          })
        ).confirm(new Date("2026-12-01T09:02:00Z"))
      await runRewards(
        {
          db: store,
          rewards: { file: REWARDS_FIXTURE, holdMs: 0 },
          mail: readSettings(settings).mail,
          log: quietLogger,
          queued: () => undefined,
        },
        new Date("2026-12-01T10:00:00Z"),
      )
    } finally {
      await store.close()
    }
    expect((await waitlist(["rewards", "status"], settings)).stdout).toBe(
      [
        "tier     store    earned  paid  waiting  held  codes left",
        "starter  ios           1     1        0     0           2",
        "starter  android       0     0        0     0           1",
        "circle   -             0     0        0     0           -",
        "",
      ].join("\n"),
    )
    const sent = await waitlist(["announce", "send", "launch", "--rewarded", "starter"], settings)
    expect(sent).toMatchObject({ code: 0 })
    expect(sent.stdout).toContain("Queued 1 mail of launch to those who earned starter: en 1.")
    const mailed = openDbOf(settings)
    try {
      const announced = (await deliveriesIn(mailed, ["pending"])).filter((delivery) => delivery.kind === "announcement")
      expect(announced.map((delivery) => delivery.recipient)).toEqual(["ana@example.com"])
    } finally {
      await mailed.close()
    }
    expect((await waitlist(["announce", "send", "launch", "--rewarded", "nothing-such"], settings)).stderr).toContain(
      `has no tier "nothing-such"`,
    )
  }, 90_000)

  it("prints nothing a terminal would act on: an entry stored with escape sequences is exported with them written out", async () => {
    const settings = await newStore()
    await seed(settings, [
      {
        ...ana,
        name: "Mallory\u001b[2J\u001b[1A",
        message: "hidden\rshown\u202e and\u200e\u2028unseen\u{E0041}\u200b",
      },
    ])
    const { code, stdout } = await waitlist(["export"], settings)
    expect(code).toBe(0)
    expect(stdout).not.toMatch(/[\u001b\u202e\u200e\u2028\u200b]|\u{E0041}/u)
    expect(stdout).not.toMatch(/\r(?!\n)/)
    expect(stdout).toContain("Mallory\\u001b[2J\\u001b[1A")
    expect(stdout).toContain("hidden\\u000dshown\\u202e and\\u200e\\u2028unseen\\u{e0041}\\u200b")
  })

  it("prints how many bot entries were discarded with `discarded`", async () => {
    const settings = await newStore()
    const store = openDbOf(settings)
    await discardEntry(store, ana)
    await store.close()
    expect(await waitlist(["discarded"], settings)).toEqual({ code: 0, stdout: "1\n", stderr: "" })
    expect(await waitlist(["discarded", "--repeats"], settings)).toEqual({ code: 0, stdout: "0\n", stderr: "" })
    expect((await waitlist(["count"], settings)).stdout).toBe("0\n")
  })

  it("removes an address given in any case with `delete`, with all its messages, says so, and `count` drops; the erasure is recorded by a keyed hash and in the audit log", async () => {
    const settings = await newStore()
    await seed(settings, [ana, eve, { ...eve, message: "again" }])
    expect(await waitlist(["delete", "EVE@Example.com"], settings)).toEqual({
      code: 0,
      stdout: "Removed 1 entry for EVE@Example.com\n",
      stderr: "",
    })
    expect((await waitlist(["count"], settings)).stdout).toBe("1\n")
    const store = openDbOf(settings)
    const person = await personRecord(store, "eve@example.com")
    const [line] = (await auditLog(store, 1, 10)).items
    await store.close()
    expect(person).toMatchObject({ entry: null, messages: [], erasures: [{ erasedAt: expect.any(Date) }] })
    expect(line).toMatchObject({
      action: "erase",
      actor: "command line",
      subjectHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      detail: "the entry and its 2 messages",
    })
  })

  it("exports the confirmed entries only with `export --confirmed`, with when they confirmed", async () => {
    const settings = await newStore()
    const store = openDbOf(settings)
    const now = new Date()
    const token = newLinkToken()
    const plan = {
      ...NOTHING_TO_DELIVER,
      confirmation: {
        mail: { kind: "confirm" as const, recipient: eve.email, payload: "{}" },
        tokenKey: linkTokenKey(token),
        leaveTokenKey: linkTokenKey(newLinkToken()),
        expiresAt: new Date(now.getTime() + 60_000),
      },
    }
    await saveEntry(store, ana)
    await submitSignup(store, { entry: eve, discard: false, rateLimit: null, plan, now })
    await confirmAddress(store, linkTokenKey(token), now, null)
    await store.close()
    const rows = parseCsv((await waitlist(["export", "--confirmed"], settings)).stdout)
    expect(rows.map((row) => [row[1], row[5]])).toEqual([
      ["email", "confirmed_at"],
      [eve.email, now.toISOString()],
    ])
  })

  it("lists undelivered and failed deliveries with `outbox`, retries a failed one with `outbox retry <id>`, and `delete` drops them", async () => {
    const settings = await newStore()
    expect(await waitlist(["outbox"], settings)).toEqual({
      code: 0,
      stdout: "The outbox is empty: every mail and webhook event was delivered.\n",
      stderr: "",
    })
    const store = openDbOf(settings)
    const now = new Date()
    const notify = { kind: "notify" as const, recipient: "team@example.com", payload: "{}" }
    await submitSignup(store, {
      entry: eve,
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, notify },
      now,
    })
    await submitSignup(store, {
      entry: ana,
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, notify },
      now,
    })
    const [failed] = await claimed(store, now, 60_000, 1)
    await markTriedAndFailed(store, failed?.id ?? 0, "550 5.1.1 mailbox\u001b[2J unknown", null)
    await store.close()
    const listed = await waitlist(["outbox"], settings)
    const lines = listed.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t"))
    expect(lines[0]).toEqual(["id", "status", "kind", "recipient", "attempts", "next_try", "last_error"])
    expect(lines.slice(1).map((line) => line.slice(1, 5))).toEqual([
      ["failed", "notify", "team@example.com", "1"],
      ["pending", "notify", "team@example.com", "0"],
    ])
    expect(lines[1]?.[6]).toBe("550 5.1.1 mailbox\\u001b[2J unknown")
    expect(await waitlist(["outbox", "retry", String(failed?.id)], settings)).toEqual({
      code: 0,
      stdout: `Delivery ${failed?.id} will be tried again at once by the running server\n`,
      stderr: "",
    })
    const again = await waitlist(["outbox", "retry", String(failed?.id)], settings)
    expect(again).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`there is no failed delivery ${failed?.id}`),
    })
    await waitlist(["delete", eve.email], settings)
    await waitlist(["delete", ana.email], settings)
    expect((await waitlist(["outbox"], settings)).stdout).toMatch(/^The outbox is empty/)
  })

  it("prints the visits of the last days with `stats --json`: the funnel per day, pages, sources and languages, and the store clicks", async () => {
    const settings = await newStore()
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    const store = openDbOf(settings)
    const views = (day: string, page: string, language: string, count: number) => ({
      day,
      page,
      language,
      referrer: "",
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
      views: count,
    })
    const visitor = (
      day: string,
      dimension: "all" | "page" | "language" | "source" | "contact",
      value: string,
      hash: string,
    ) => ({ day, dimension, value, visitor: hash })
    const newsletter = JSON.stringify(["newsletter", "email", "launch"])
    await recordVisits(
      store,
      [views(yesterday, "/", "en", 3), views(yesterday, "/contact", "es", 1)],
      [
        visitor(yesterday, "all", "", "a"),
        visitor(yesterday, "all", "", "b"),
        visitor(yesterday, "page", "/", "a"),
        visitor(yesterday, "page", "/", "b"),
        visitor(yesterday, "page", "/contact", "b"),
      ].concat([
        visitor(yesterday, "language", "en", "a"),
        visitor(yesterday, "language", "en", "b"),
        visitor(yesterday, "language", "es", "b"),
        visitor(yesterday, "contact", "", "b"),
        visitor(yesterday, "source", newsletter, "b"),
      ]),
    )
    await recordVisits(
      store,
      [views(today, "/", "en", 1)],
      [visitor(today, "all", "", "c"), visitor(today, "page", "/", "c"), visitor(today, "language", "en", "c")],
    )
    // The day's close makes yesterday's visitors counts.
    await closeVisitDays(store, today)
    await saveEntry(store, {
      ...ana,
      metadata: { referrer: null, utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" } },
    })
    await recordStoreClicks(store, [], () => ({
      counts: [
        {
          day: today,
          store: "apple",
          platform: "ios",
          source: "newsletter",
          medium: "email",
          campaign: "launch",
          clicks: 2,
        },
        {
          day: yesterday,
          store: "google",
          platform: "android",
          source: "(internal)",
          medium: "",
          campaign: "",
          clicks: 1,
        },
      ],
      clients: [],
    }))
    await store.close()

    const { code, stdout, stderr } = await waitlist(["stats", "--days", "2", "--json"], settings)
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
    expect(JSON.parse(stdout)).toEqual({
      days: [
        {
          date: yesterday,
          visitors: 2,
          pageviews: 4,
          contactVisitors: 1,
          signups: 0,
          confirmed: 0,
          appStoreClicks: 0,
          googlePlayClicks: 1,
        },
        {
          date: today,
          visitors: 1,
          pageviews: 1,
          contactVisitors: 0,
          signups: 1,
          confirmed: 0,
          appStoreClicks: 2,
          googlePlayClicks: 0,
        },
      ],
      pages: [
        { page: "/", visitors: 3, pageviews: 4 },
        { page: "/contact", visitors: 1, pageviews: 1 },
      ],
      sources: [
        {
          source: "newsletter",
          medium: "email",
          campaign: "launch",
          visitors: 1,
          contactVisitors: 1,
          signups: 1,
          confirmed: 0,
          appStoreClicks: 2,
          googlePlayClicks: 0,
        },
        {
          source: "(internal)",
          medium: "",
          campaign: "",
          visitors: 0,
          contactVisitors: 0,
          signups: 0,
          confirmed: 0,
          appStoreClicks: 0,
          googlePlayClicks: 1,
        },
      ],
      languages: [
        { language: "en", visitors: 3, pageviews: 4 },
        { language: "es", visitors: 1, pageviews: 1 },
      ],
      storeClicks: [
        { store: "apple", platform: "ios", source: "newsletter", medium: "email", campaign: "launch", clicks: 2 },
        { store: "google", platform: "android", source: "(internal)", medium: "", campaign: "", clicks: 1 },
      ],
      funnelNote: null,
      // No mail was sent: every provider's row counts nothing, and no rate can be given.
      mailHealth: {
        days: 7,
        lastDays: ["gmail", "outlook", "yahoo", "icloud", "other"].map((provider) => ({
          provider,
          delivered: 0,
          hardBounces: 0,
          complaints: 0,
          hardBounceRate: null,
          complaintRate: null,
        })),
        announcements: [],
      },
    })

    const table = await waitlist(["stats", "--days", "2"], settings)
    expect(table.code).toBe(0)
    expect(table.stdout).toContain(`Visits from ${yesterday} to ${today} (2 days, UTC)`)
    expect(table.stdout).toContain("Visitors per day  █▅  (most 2)")
    expect(table.stdout).toMatch(new RegExp(`${today} +1 +1 +0 +1 +0 +2 +0\n`))
    expect(table.stdout).toMatch(/total +3 +5 +1 +1 +0 +2 +1\n/)
    expect(table.stdout).toMatch(/newsletter +email +launch +1 +1 +1 +0 +2 +0\n/)
    expect(table.stdout).toMatch(/App Store +ios +newsletter +email +launch +2\n/)
    expect(table.stdout).toMatch(/Google Play +android +\(internal\) +- +- +1\n/)
  })

  it("prints hostile text of referrers and campaigns inert, in the table and in the JSON", async () => {
    const settings = await newStore()
    const today = new Date().toISOString().slice(0, 10)
    const hostile = "evil\u202e\u001b[2Jmoc.\u200bx\u{E0041}"
    const store = openDbOf(settings)
    await recordVisits(
      store,
      [],
      [{ day: today, dimension: "source", value: JSON.stringify([hostile, "", ""]), visitor: "h" }],
    )
    await saveEntry(store, { ...ana, metadata: { referrer: null, utm: { utm_source: hostile } } })
    await store.close()
    for (const args of [["stats"], ["stats", "--json"]]) {
      const { code, stdout } = await waitlist(args, settings)
      expect(code).toBe(0)
      expect(stdout).not.toMatch(/[\u001b\u202e\u200b]|\u{E0041}/u)
    }
    const json = JSON.parse((await waitlist(["stats", "--json"], settings)).stdout) as {
      sources: { source: string; visitors: number; signups: number }[]
    }
    expect(json.sources).toEqual([expect.objectContaining({ source: hostile, visitors: 1, signups: 1 })])
  })

  it("exits with 1 and says why when the store cannot be reached", async () => {
    const { code, stdout, stderr } = await waitlist(["count"], await unreachable())
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" })
    expect(stderr).toMatch(/^waitlist: (cannot open the SQLite waitlist|the PostgreSQL waitlist failed)/)
  })
})

describe("npm run waitlist", () => {
  jest.setTimeout(30_000)
  const sqlite = () => ({ WAITLIST_DB_PATH: path.join(dir, `cli-${++stores}.sqlite`) })

  it("prints 0 for an empty waitlist and says when `delete` found nothing to remove", async () => {
    const settings = sqlite()
    const [count, removed] = await Promise.all([
      waitlist(["count"], settings),
      waitlist(["delete", "nobody@example.com"], settings),
    ])
    expect(count).toEqual({ code: 0, stdout: "0\n", stderr: "" })
    expect(removed).toEqual({ code: 0, stdout: "Removed 0 entries for nobody@example.com\n", stderr: "" })
  })

  it("refuses an address with escape sequences, echoing it with them written out", async () => {
    const removed = await waitlist(["delete", "x\u001b]0;owned\u0007@example.com"], sqlite())
    expect(removed).toEqual({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining('waitlist: "x\\u001b]0;owned\\u0007@example.com" is not an e-mail address\n'),
    })
  })

  it("refuses, and erases nothing for, a spelling a URL's parser would fold into another address", async () => {
    const settings = sqlite()
    await seed(settings, [ana])
    for (const spelling of [
      `${ana.email}/extra`,
      `${ana.email}?x`,
      `${ana.email}:25`,
      ana.email.replace("example", "ex%61mple"),
    ]) {
      expect(await waitlist(["delete", spelling], settings)).toMatchObject({
        code: 2,
        stdout: "",
        stderr: expect.stringContaining("is not an e-mail address"),
      })
      expect(await waitlist(["unsuppress", spelling], settings)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("is not an e-mail address"),
      })
    }
    expect((await waitlist(["count"], settings)).stdout).toBe("1\n")
  })

  it("prints the usage to stderr and exits with 2 for a missing, unknown or incomplete command", async () => {
    const wrong = [
      [],
      ["list"],
      ["delete"],
      ["count", "extra"],
      ["stats", "--days", "0"],
      ["stats", "--days", "367"],
      ["stats", "--days", "x"],
      ["stats", "--days"],
      ["stats", "--since", "1"],
      ["stats", "7"],
    ]
    const outcomes = await Promise.all(wrong.map((args) => waitlist(args, sqlite())))
    for (const outcome of outcomes) {
      expect(outcome).toEqual({
        code: 2,
        stdout: "",
        stderr: expect.stringContaining("Usage: npm run --silent waitlist -- <command>"),
      })
      expect(outcome.stderr).toMatch(/delete <email>/)
    }
    // What is wrong with the arguments of `stats` comes first, in one line.
    for (const outcome of outcomes.slice(4))
      expect(outcome.stderr).toMatch(
        /^waitlist: stats takes --days N \(a whole number from 1 to 366\) and --json\n\nUsage: /,
      )
  })

  it("says in one line on stderr, before it runs, that without SITE_URL the links in mails go to the address `npm start` serves", async () => {
    expect(await waitlist(["count"], { ...sqlite(), SITE_URL: "", HOST: "0.0.0.0", PORT: "9100" })).toEqual({
      code: 0,
      stdout: "0\n",
      stderr:
        "waitlist: SITE_URL is not set: the links in mails go to http://localhost:9100, where this machine serves the site (set SITE_URL to its public address in production)\n",
    })
  })

  it("does not run in production (NODE_ENV=production) without SITE_URL, and says so in one line", async () => {
    expect(await waitlist(["count"], { ...sqlite(), SITE_URL: "", NODE_ENV: "production" })).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "waitlist: SITE_URL must be set in production (NODE_ENV=production) to the address visitors reach the site at, such as https://storyling.example.com: the links in mails go there\n",
    })
  })

  it("runs as `npm run --silent waitlist -- count` from package.json", async () => {
    const settings = sqlite()
    await seed(settings, [ana])
    const { code, stdout } = await run("npm", ["run", "--silent", "waitlist", "--", "count"], settings)
    expect({ code, stdout }).toEqual({ code: 0, stdout: "1\n" })
  })
})
