/**
 * @jest-environment node
 */
import { callAdmin, enrol, inviteWithCli } from "../../../../test/support/admin-client"
import { startApiInProcess } from "../../../../test/support/api-in-process"
import { seedEntries } from "../../../../test/support/seed-entries"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { entryFor } from "../../../../test/support/waitlist-api-client"
import { openDbOf } from "../../../../test/support/waitlist-store-access"
import type { PlaceView } from "../../../waitlist/place-view"
import { translate } from "../../../i18n/messages"
import { escapeMarkup } from "../../../markup/escape-markup"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { DEFAULT_LINK_RATE_LIMIT, type StoreSettings } from "../../settings"
import type { RunningSite } from "../../../../test/support/site-server-process"

const stores = useThrowawayStores("referrals-api-")
const SITE_URL = "https://storyling.example.com"

/** The environment of a server on a store: clients told apart by X-Forwarded-For, no rate limit in the way. */
const envOf = (store: StoreSettings): Record<string, string> => ({
  ...(store.kind === "postgres" ? { DATABASE_URL: store.url } : { WAITLIST_DB_PATH: store.file }),
  WAITLIST_TRUST_PROXY: "1",
  WAITLIST_RATE_LIMIT: "0",
  SITE_URL,
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
  }: { code?: string | null; client?: string; locale?: string } = {},
) {
  const body = entryFor(email, { metadata: { ...entryFor(email).metadata, locale, referral: code } })
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

/** What the place page a signed link opens is told of its person: the API's answer to the link's code and signature, never cached. */
async function placeOf({ site }: Api, link: string): Promise<PlaceView> {
  const { searchParams } = new URL(link, SITE_URL)
  const answer = await fetch(`${site.url}/api/waitlist-place/data?${searchParams.toString()}`)
  expect([answer.status, answer.headers.get("cache-control")]).toEqual([200, "private, no-store"])
  return (await answer.json()) as PlaceView
}

/** Presses the confirmation link mailed to an address, on a server; gives where it leads. */
const confirm = async (api: Api, email: string, lang = "en"): Promise<string> =>
  press(api, await confirmTokenOf(api, email), lang)

const codeOf = (link: string) => new URL(link, SITE_URL).searchParams.get("code") ?? ""

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
    expect(link).toMatch(/^\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)
    const code = codeOf(link)
    expect(await placeOf(api, link)).toEqual({
      place: 11,
      credited: 0,
      pending: 0,
      boost: 5,
      link: `${SITE_URL}/r/${code}`,
    })
    for (const [n, client] of ["203.0.113.1", "203.0.113.2"].entries()) {
      await signUp(api, `friend${n}@example.org`, { code, client })
      await confirm(api, `friend${n}@example.org`)
    }
    await signUp(api, "slow@example.org", { code, client: "203.0.113.3" })
    expect(await placeOf(api, link)).toMatchObject({ place: 1, credited: 2, pending: 1 })
  })

  it("holds a fourth friend from one client within a day, counting the client as the rate limit does (X-Forwarded-For behind a proxy)", async () => {
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    for (let n = 0; n < 4; n += 1) {
      await signUp(api, `ring${n}@example.org`, { code: codeOf(link), client: "192.0.2.50" })
      await confirm(api, `ring${n}@example.org`)
    }
    expect(await placeOf(api, link)).toMatchObject({ place: 1, credited: 3, pending: 1 })
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
      expect(place).toMatch(/^\/waitlist\/place\?/)
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

  it("answers a place only for its signature, and leads the old links of mails to the page in the language asked or the person's", async () => {
    await signUp(api, "ana@example.com", { locale: "ja" })
    const link = await confirm(api, "ana@example.com", "ja")
    expect(link).toMatch(/^\/ja\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)
    expect(await placeOf(api, link)).toMatchObject({ place: 11 })
    const query = new URL(link, SITE_URL).search
    const forged = query.replace(/sig=[\da-f]{32}/, `sig=${"0".repeat(32)}`)
    for (const refused of [forged, query.replace(/code=\w{8}/, "code=AAAAAAAA"), "?code=abcdefgh", ""]) {
      const answer = await fetch(`${api.site.url}/api/waitlist-place/data${refused}`)
      expect([answer.status, answer.headers.get("cache-control")]).toEqual([404, "private, no-store"])
      expect(await answer.json()).toEqual({ error: "This link has expired or is not valid." })
    }
    const old = (search: string) => fetch(`${api.site.url}/api/waitlist-place${search}`, { redirect: "manual" })
    const redirected = async (search: string) => {
      const answer = await old(search)
      return [answer.status, answer.headers.get("location")]
    }
    expect(await redirected(`${query}&lang=en`)).toEqual([303, `/waitlist/place${query}`])
    expect(await redirected(query)).toEqual([303, `/ja/waitlist/place${query}`])
    expect(await redirected(`${forged}&lang=ja`)).toEqual([303, "/ja/waitlist/link-expired/"])
  })

  it(`answers 429 with Retry-After past ${DEFAULT_LINK_RATE_LIMIT} personal links and place pages' data a minute from one client, whose guesses then stop, and not its neighbours`, async () => {
    await signUp(api, "ana@example.com", { locale: "de" })
    const link = await confirm(api, "ana@example.com", "de")
    const search = new URL(link, SITE_URL).search
    const open = (path: string, client: string) =>
      fetch(`${api.site.url}${path}`, { redirect: "manual", headers: { "X-Forwarded-For": client } })
    const guesser = "192.0.2.66"
    const answers = []
    for (let n = 0; n < DEFAULT_LINK_RATE_LIMIT - 1; n += 1)
      answers.push((await open(`/r/guess${String(n).padStart(3, "0")}`, guesser)).status)
    answers.push((await open(`/api/waitlist-place/data${search}`, guesser)).status)
    expect(answers).toEqual([...Array.from({ length: DEFAULT_LINK_RATE_LIMIT - 1 }, () => 303), 200])
    const refused = await open(`/r/${codeOf(link)}`, guesser)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(refused.headers.get("location")).toBeNull()
    expect(await refused.text()).toContain(escapeMarkup(translate("en", "place.slowDown")))
    const data = await open(`/api/waitlist-place/data${search}`, guesser)
    expect([data.status, data.headers.get("cache-control")]).toEqual([429, "private, no-store"])
    expect(Number(data.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(await data.json()).toEqual({
      error: "Too many requests from this address. Please wait a minute, then try again.",
    })
    const old = await open(`/api/waitlist-place${search}&lang=de`, guesser)
    expect(old.status).toBe(429)
    expect(await old.text()).toContain(escapeMarkup(translate("de", "place.slowDown")))
    expect((await open(`/r/${codeOf(link)}`, "192.0.2.67")).status).toBe(303)
    expect((await open(`/api/waitlist-place/data${search}`, "192.0.2.67")).status).toBe(200)
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
    expect(await placeOf(api, link)).toMatchObject({ place: 6, credited: 1 })
  })

  it("shows the team the leaderboard and the held referrals, and lets an owner alone credit or refuse them, in the audit log", async () => {
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
      held: [{ referred: "ring3@example.org", referrer: "ana@example.com" }],
      leaderboard: {
        total: 15,
        items: expect.arrayContaining([{ place: 1, email: "ana@example.com", credited: 3, pending: 1, held: 1 }]),
      },
    })
    expect((await callAdmin(api.site, "GET", "referrals", { cookie: legal })).status).toBe(403)
    const held = (board.body?.held as { id: number }[])[0]?.id
    expect(
      (await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: marketing, body: { decision: "credit" } }))
        .status,
    ).toBe(403)
    expect(
      await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: owner, body: { decision: "maybe" } }),
    ).toMatchObject({ status: 422 })
    expect(
      await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: owner, body: { decision: "credit" } }),
    ).toMatchObject({ status: 200, body: { state: "credited" } })
    expect(
      await callAdmin(api.site, "POST", `referrals/held/${held}`, { cookie: owner, body: { decision: "refuse" } }),
    ).toMatchObject({ status: 409 })
    expect(await placeOf(api, link)).toMatchObject({ credited: 4 })
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
    ).toMatchObject({ action: "referral-credit", actor: "owner@team.example" })
    // Enrolling the team loads the password check's dictionaries: seconds.
  }, 60_000)
})
