/**
 * @jest-environment node
 */
import { callAdmin, enrol, inviteWithCli } from "../../../../test/support/admin-client"
import { startApiInProcess } from "../../../../test/support/api-in-process"
import { seedEntries } from "../../../../test/support/seed-entries"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { entryFor } from "../../../../test/support/waitlist-api-client"
import { openDbOf } from "../../../../test/support/waitlist-store-access"
import { translate, type MessageKey } from "../../../i18n/messages"
import { escapeMarkup } from "../../../markup/escape-markup"
import { deliveriesIn } from "../../outbox/outbox-queries"
import type { StoreSettings } from "../../settings"
import type { RunningSite } from "../../../../test/support/site-server-process"
import path from "path"
import { USER_AGENTS } from "../../../../test/support/device-user-agents"
import { DnsTestServer } from "../../../../test/support/dns-test-server"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { quietLogger } from "../../../../test/support/test-logger"
import { importCodes } from "../../rewards/reward-codes"
import { runRewards } from "../../rewards/reward-job"
import { readSettings } from "../../settings"

const stores = useThrowawayStores("referrals-api-")
const SITE_URL = "https://storyling.example.com"

/** The environment of a server on a store: clients told apart by X-Forwarded-For, no rate limit in the way, the rewards of the tests' file. */
const envOf = (store: StoreSettings): Record<string, string> => ({
  ...(store.kind === "postgres" ? { DATABASE_URL: store.url } : { WAITLIST_DB_PATH: store.file }),
  WAITLIST_TRUST_PROXY: "1",
  WAITLIST_RATE_LIMIT: "0",
  SITE_URL,
  REWARDS_FILE: path.join(PROJECT_ROOT, "test", "fixtures", "rewards", "rewards.md"),
})

type Api = { site: RunningSite; env: Record<string, string> }

/** Signs up through the API from a client, maybe through a personal link. */
async function signUp(
  { site }: Api,
  email: string,
  {
    code = null,
    client = "198.51.100.1",
    locale = "en",
    device,
  }: { code?: string | null; client?: string; locale?: string; device?: { userAgent: string; platform: string } } = {},
) {
  const metadata = { ...entryFor(email).metadata, locale, referral: code, ...device }
  const body = entryFor(email, { metadata })
  const response = await fetch(`${site.url}/api/waitlist`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(201)
}

/** The token of the confirmation link mailed to an address, while its mail waits. */
async function confirmTokenOf({ env }: Api, email: string): Promise<string> {
  const store = openDbOf(env)
  const drafts = await deliveriesIn(store, ["pending"]).finally(() => store.close())
  const draft = drafts.find((delivery) => delivery.kind === "confirm" && delivery.recipient === email)
  return (JSON.parse(draft?.payload ?? "{}") as { confirmToken?: string }).confirmToken ?? ""
}

/** Presses a confirmation link's button; gives where it leads. */
async function press({ site }: Api, token: string, lang = "en"): Promise<string> {
  const pressed = await fetch(`${site.url}/api/waitlist-confirm?token=${token}&lang=${lang}`, {
    method: "POST",
    redirect: "manual",
  })
  expect(pressed.status).toBe(303)
  return pressed.headers.get("location") ?? ""
}

/** Presses the confirmation link mailed to an address, on a server; gives where it leads. */
const confirm = async (api: Api, email: string, lang = "en"): Promise<string> =>
  press(api, await confirmTokenOf(api, email), lang)

/** The text of the place page a link opens. */
async function placePage({ site }: Api, link: string): Promise<string> {
  const page = await fetch(`${site.url}${link}`, { redirect: "manual" })
  expect(page.status).toBe(200)
  expect(page.headers.get("cache-control")).toBe("no-store")
  return page.text()
}

/** A text of the site as the page writes it. */
const shown = (lang: "en" | "ja", key: MessageKey, values?: Record<string, number>) =>
  escapeMarkup(translate(lang, key, values))

const codeOf = (link: string) => new URL(link, SITE_URL).searchParams.get("code") ?? ""

/** One run of the rewards' work on the server's store, at a time past every hold. */
async function rewardsRun({ env }: Api, at = new Date(Date.now() + 48 * 60 * 60 * 1000)) {
  const store = openDbOf(env)
  try {
    await runRewards(
      {
        db: store,
        rewards: readSettings(env).rewards,
        mail: readSettings(env).mail,
        log: quietLogger,
        queued: () => undefined,
      },
      at,
    )
  } finally {
    await store.close()
  }
}

/** An account of the team on a server, enrolled: its session's cookie. */
const teamMember = async ({ site, env }: Api, role: "owner" | "marketing" | "legal") =>
  (await enrol(site, await inviteWithCli(env, `${role}@team.example`, role), `${role}@team.example`, new Date())).cookie

describe.each(["sqlite", "postgres"] as const)("personal links over HTTP on %s", (kind) => {
  let api: Api
  beforeEach(async () => {
    const env = envOf(await stores[kind]())
    await seedEntries(
      env,
      Array.from({ length: 10 }, (_, n) => ({ email: `early${n}@example.com`, locale: "en" })),
    )
    api = { site: await startApiInProcess(env), env }
  })
  afterEach(async () => {
    await api.site.stop()
  })

  it("shows a person who confirms their place and personal link, and moves them up as friends confirm", async () => {
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    const code = codeOf(link)
    let page = await placePage(api, link)
    expect(page).toContain(shown("en", "place.position", { place: 11 }))
    expect(page).toContain(`value="${SITE_URL}/r/${code}"`)
    expect(page).toContain(shown("en", "place.creditedNone"))
    for (const [n, client] of ["203.0.113.1", "203.0.113.2"].entries()) {
      await signUp(api, `friend${n}@example.org`, { code, client })
      await confirm(api, `friend${n}@example.org`)
    }
    await signUp(api, "slow@example.org", { code, client: "203.0.113.3" })
    page = await placePage(api, link)
    expect(page).toContain(shown("en", "place.position", { place: 1 }))
    expect(page).toContain("2 friends joined through your link.")
    expect(page).toContain("1 more signed up and is still pending.")
  })

  it("holds a fourth friend from one client within a day, counting the client as the rate limit does (X-Forwarded-For behind a proxy)", async () => {
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    for (let n = 0; n < 4; n += 1) {
      await signUp(api, `ring${n}@example.org`, { code: codeOf(link), client: "192.0.2.50" })
      await confirm(api, `ring${n}@example.org`)
    }
    const page = await placePage(api, link)
    expect(page).toContain("3 friends joined through your link.")
    expect(page).toContain("1 more signed up and is still pending.")
    expect(page).toContain(shown("en", "place.position", { place: 1 }))
  })

  it("leads a used confirmation link to the place page for 30 days after it confirmed, while the person stays on the list", async () => {
    let clock = new Date("2026-12-01T09:00:00.000Z")
    const site = await startApiInProcess(api.env, { now: () => clock })
    const timed = { site, env: api.env }
    try {
      await signUp(timed, "ana@example.com")
      await signUp(timed, "ben@example.com")
      const [ana, ben] = [
        await confirmTokenOf(timed, "ana@example.com"),
        await confirmTokenOf(timed, "ben@example.com"),
      ]
      const place = await press(timed, ana)
      expect(place).toMatch(/^\/api\/waitlist-place\?/)
      await press(timed, ben)
      clock = new Date("2026-12-30T09:00:00.000Z")
      expect(await press(timed, ana)).toBe(place)
      clock = new Date("2026-12-31T09:00:00.001Z")
      expect(await press(timed, ana)).toBe("/waitlist/link-expired/")
      const opened = await fetch(`${site.url}/api/waitlist-confirm?token=${ana}`, { redirect: "manual" })
      expect(opened.headers.get("location")).toBe("/waitlist/link-expired/")
      // Ben leaves within the 30 days: his used link opens nothing of his any more.
      clock = new Date("2026-12-02T09:00:00.000Z")
      const store = openDbOf(api.env)
      await store
        .write((trx) => trx.deleteFrom("waitlist_entries").where("email", "=", "ben@example.com").execute())
        .finally(() => store.close())
      expect(await press(timed, ben)).toBe("/waitlist/link-expired/")
    } finally {
      await site.stop()
    }
  })

  it("opens the place page only with its signature, in the language asked", async () => {
    await signUp(api, "ana@example.com", { locale: "ja" })
    const link = await confirm(api, "ana@example.com", "ja")
    expect(link).toMatch(/&lang=ja$/)
    const page = await placePage(api, link)
    expect(page).toContain(shown("ja", "place.position", { place: 11 }))
    expect(page).toContain("https://line.me/R/share?text=")
    const forged = link.replace(/sig=[\da-f]{32}/, `sig=${"0".repeat(32)}`)
    const refused = await fetch(`${api.site.url}${forged}`, { redirect: "manual" })
    expect([refused.status, refused.headers.get("location")]).toEqual([303, "/ja/waitlist/link-expired/"])
    const english = await placePage(api, link.replace("&lang=ja", "&lang=en"))
    expect(english).toContain('<html lang="en">')
    expect(english).not.toContain("line.me")
  })

  it("credits a friend once when two instances confirm them at the same time", async () => {
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    await signUp(api, "friend@example.org", { code: codeOf(link) })
    const second = { site: await startApiInProcess(api.env), env: api.env }
    try {
      const store = openDbOf(api.env)
      const drafts = await deliveriesIn(store, ["pending"]).finally(() => store.close())
      const { confirmToken } = JSON.parse(
        drafts.find((delivery) => delivery.recipient === "friend@example.org" && delivery.kind === "confirm")
          ?.payload ?? "{}",
      ) as { confirmToken: string }
      const answers = await Promise.all(
        [api, second].map(({ site }) =>
          fetch(`${site.url}/api/waitlist-confirm?token=${confirmToken}`, { method: "POST", redirect: "manual" }),
        ),
      )
      expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    } finally {
      await second.site.stop()
    }
    const page = await placePage(api, link)
    expect(page).toContain("1 friend joined through your link.")
    expect(page).toContain(shown("en", "place.position", { place: 6 }))
  })

  it("shows the team the leaderboard and the held referrals with their reasons, lets an owner or marketing credit or refuse them, in the audit log, and a credit stays", async () => {
    const team = async (role: "owner" | "marketing" | "legal") =>
      (
        await enrol(
          api.site,
          await inviteWithCli(api.env, `${role}@team.example`, role),
          `${role}@team.example`,
          new Date(),
        )
      ).cookie
    const [owner, marketing, legal] = [await team("owner"), await team("marketing"), await team("legal")]
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    for (let n = 0; n < 5; n += 1) {
      await signUp(api, `ring${n}@example.org`, { code: codeOf(link), client: "192.0.2.50" })
      if (n < 4) await confirm(api, `ring${n}@example.org`)
    }
    const board = await callAdmin(api.site, "GET", "referrals", { cookie: marketing })
    expect(board.status).toBe(200)
    expect(board.body).toMatchObject({
      boost: 5,
      held: [
        {
          referred: "ring3@example.org",
          referrer: "ana@example.com",
          network: "192.0.2.0/24",
          reasons: [
            {
              name: "network-burst",
              text: expect.stringMatching(
                /^More than 3 credits for this referrer within 24 hours from 192\.0\.2\.0\/24: 3 before this one, at \d{4}-\d\d-\d\d \d\d:\d\d UTC, /,
              ),
            },
          ],
        },
      ],
      leaderboard: {
        total: 15,
        items: expect.arrayContaining([{ place: 1, email: "ana@example.com", credited: 3, pending: 1, held: 1 }]),
      },
    })
    expect((await callAdmin(api.site, "GET", "referrals", { cookie: legal })).status).toBe(403)
    const held = (board.body?.held as { id: number }[])[0]?.id
    expect(board.text).not.toContain("192.0.2.50")
    expect(
      (await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: legal, body: { decision: "credit" } }))
        .status,
    ).toBe(403)
    expect(
      await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: owner, body: { decision: "maybe" } }),
    ).toMatchObject({ status: 422 })
    expect(
      await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: marketing, body: { decision: "credit" } }),
    ).toMatchObject({ status: 200, body: { state: "credited" } })
    expect(
      await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: owner, body: { decision: "refuse" } }),
    ).toMatchObject({ status: 409 })
    expect(await placePage(api, link)).toContain("4 friends joined through your link.")
    const person = await callAdmin(api.site, "GET", `referrals/people/${encodeURIComponent("ring3@example.org")}`, {
      cookie: legal,
    })
    expect(person).toMatchObject({
      status: 200,
      body: { referredBy: { referrer: "ana@example.com", state: "credited" }, referred: [] },
    })
    // Each person's own data says what is held of their referrals, never the other people's addresses.
    const anasData = await callAdmin(api.site, "GET", `people/${encodeURIComponent("ana@example.com")}`, {
      cookie: legal,
    })
    expect(anasData.body?.referrals).toEqual({
      note: expect.any(String),
      personalCode: codeOf(link),
      friends: { credited: 4, pending: 1, held: 0, refused: 0 },
      cameThroughAPersonalLink: null,
    })
    expect(anasData.text).not.toContain("ring3@example.org")
    const friendsData = await callAdmin(api.site, "GET", `people/${encodeURIComponent("ring3@example.org")}`, {
      cookie: legal,
    })
    expect(friendsData.body?.referrals).toMatchObject({
      personalCode: expect.stringMatching(/^[A-Za-z\d]{8}$/),
      cameThroughAPersonalLink: { state: "credited" },
    })
    expect(friendsData.text).not.toContain("ana@example.com")
    const audit = await callAdmin(api.site, "GET", "audit", { cookie: owner })
    expect(
      (audit.body?.items as { action: string; actor: string }[]).find((line) => line.action.startsWith("referral-")),
    ).toMatchObject({ action: "referral-credit", actor: "marketing@team.example", detail: "network-burst" })
    // The rewards' work runs, and the decision sticks: the credit stays.
    await rewardsRun(api)
    expect(await placePage(api, link)).toContain("4 friends joined through your link.")
    expect((await callAdmin(api.site, "GET", "referrals", { cookie: owner })).body?.held).toEqual([])
    // Enrolling the team loads the password check's dictionaries: seconds.
  }, 60_000)

  it("decides every held referral of one referrer at once, each in the audit log", async () => {
    const [owner] = [await teamMember(api, "owner")]
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    for (let n = 0; n < 5; n += 1) {
      await signUp(api, `ring${n}@example.org`, { code: codeOf(link), client: `203.0.113.${n + 1}` })
      await confirm(api, `ring${n}@example.org`)
    }
    const board = await callAdmin(api.site, "GET", "referrals", { cookie: owner })
    const held = board.body?.held as { referrerId: number; referred: string }[]
    expect(held.map((referral) => referral.referred)).toEqual(["ring3@example.org", "ring4@example.org"])
    const referrer = held[0]?.referrerId
    expect(
      await callAdmin(api.site, "POST", `referrals/referrers/${referrer}/held`, {
        cookie: owner,
        body: { decision: "refuse" },
      }),
    ).toMatchObject({ status: 200, body: { state: "refused", decided: 2 } })
    expect(
      await callAdmin(api.site, "POST", "referrals/referrers/x/held", { cookie: owner, body: { decision: "refuse" } }),
    ).toMatchObject({ status: 404 })
    const audit = await callAdmin(api.site, "GET", "audit", { cookie: owner })
    expect(
      (audit.body?.items as { action: string }[]).filter((line) => line.action === "referral-refuse"),
    ).toHaveLength(2)
    await rewardsRun(api)
    const page = await placePage(api, link)
    expect(page).toContain("3 friends joined through your link.")
    expect(page).not.toContain("still pending")
  }, 60_000)

  it("shows a person their rewards: the question of their store, the code once they chose, the next tier, pending friends as pending, and no reason", async () => {
    await signUp(api, "ana@example.com", {
      locale: "ja",
      device: { userAgent: USER_AGENTS.windowsChrome, platform: "Win32" },
    })
    const link = await confirm(api, "ana@example.com", "ja")
    for (let n = 0; n < 3; n += 1) {
      await signUp(api, `friend${n}@example.org`, { code: codeOf(link), client: `198.51.${n}.9` })
      await confirm(api, `friend${n}@example.org`)
    }
    await signUp(api, "friend9@mailinator.com", { code: codeOf(link), client: "198.51.9.9" })
    await confirm(api, "friend9@mailinator.com")
    const store = openDbOf(api.env)
    await importCodes(store, { tier: "starter", store: "android", codes: ["PLAYCODE00042"] }, new Date()).finally(() =>
      store.close(),
    )
    await rewardsRun(api)
    let page = await placePage(api, link)
    expect(page).toContain(shown("ja", "place.rewards"))
    expect(page).toContain(shown("ja", "place.platformAsk"))
    expect(page).toContain(escapeMarkup(translate("ja", "place.nextMany", { count: 2, title: "あなたの名前の物語" })))
    expect(page).toContain(shown("ja", "place.pendingOne"))
    expect(page).not.toMatch(/throwaway|mailinator|reason/i)
    const form = /<form method="post" action="([^"]+)">/.exec(page)?.[1]?.replaceAll("&amp;", "&") ?? ""
    expect(form).toBe(link)
    const chosen = await fetch(`${api.site.url}${form}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "platform=android",
      redirect: "manual",
    })
    expect([chosen.status, chosen.headers.get("location")]).toEqual([303, link])
    page = await placePage(api, link)
    expect(page).toContain("PLAYCODE00042")
    expect(page).toContain(shown("ja", "reward.codeAndroid"))
    expect(page).toContain("https://play.google.com/redeem?code=PLAYCODE00042")
    expect(page).not.toContain(shown("ja", "place.platformAsk"))
    const forged = await fetch(`${api.site.url}${form.replace(/sig=[\da-f]{32}/, `sig=${"0".repeat(32)}`)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "platform=ios",
      redirect: "manual",
    })
    expect([forged.status, forged.headers.get("location")]).toEqual([303, "/ja/waitlist/link-expired/"])
  })
})

describe.each(["sqlite", "postgres"] as const)(
  "the mail servers of referred sign-ups on %s, asked of a DNS server on loopback",
  (kind) => {
    let api: Api
    let dns: DnsTestServer
    beforeAll(async () => {
      dns = await DnsTestServer.start({
        "mail.example": { mx: [{ exchange: "mx.mail.example", priority: 10 }] },
        "parked.example": {},
        "slow.example": { silent: true },
      })
    })
    afterAll(async () => dns.down())
    beforeEach(async () => {
      const env = { ...envOf(await stores[kind]()), DNS_SERVERS: dns.server }
      api = { site: await startApiInProcess(env), env }
    })
    afterEach(async () => api.site.stop())

    it("holds a friend whose domain has no mail server with that reason, and holds nobody for a lookup that timed out", async () => {
      const owner = await teamMember(api, "owner")
      await signUp(api, "ana@mail.example")
      const link = await confirm(api, "ana@mail.example")
      for (const [n, email] of ["eve@parked.example", "finn@slow.example", "gus@mail.example"].entries()) {
        await signUp(api, email, { code: codeOf(link), client: `198.51.${n}.1` })
        await confirm(api, email)
      }
      const board = await callAdmin(api.site, "GET", "referrals", { cookie: owner })
      expect(board.body?.held).toEqual([
        expect.objectContaining({
          referred: "eve@parked.example",
          reasons: [
            expect.objectContaining({
              name: "no-mail-server",
              text: "parked.example has no mail server: no MX and no address record.",
            }),
          ],
        }),
      ])
      expect(await placePage(api, link)).toContain("2 friends joined through your link.")
    }, 60_000)
  },
)
