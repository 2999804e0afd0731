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
import path from "path"
import fc from "fast-check"
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

/** What the place page a signed link opens is told of its person (in the page's language, as its island asks): the API's answer to the link's code and signature, never cached. */
async function placeOf({ site }: Api, link: string, lang?: string): Promise<PlaceView> {
  const { searchParams } = new URL(link, SITE_URL)
  if (lang) searchParams.set("lang", lang)
  const answer = await fetch(`${site.url}/api/waitlist-place/data?${searchParams.toString()}`)
  expect([answer.status, answer.headers.get("cache-control")]).toEqual([200, "private, no-store"])
  return (await answer.json()) as PlaceView
}

/** Presses the confirmation link mailed to an address, on a server; gives where it leads. */
const confirm = async (api: Api, email: string, lang = "en"): Promise<string> =>
  press(api, await confirmTokenOf(api, email), lang)

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
    expect(link).toMatch(/^\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/)
    const code = codeOf(link)
    expect(await placeOf(api, link)).toEqual({
      place: 11,
      credited: 0,
      pending: 0,
      boost: 5,
      link: `${SITE_URL}/r/${code}`,
      rewards: { earned: [], next: { title: "A month of Storyling Premium", more: 3 }, askStore: false },
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

  it(`answers 429 with Retry-After past ${DEFAULT_LINK_RATE_LIMIT} personal links, place pages' data and store questions a minute from one client, whose guesses then stop, and not its neighbours`, async () => {
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
    const choice = await fetch(`${api.site.url}/api/waitlist-place/store${search}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": guesser },
      body: '{"platform":"ios"}',
    })
    expect([choice.status, choice.headers.get("retry-after") !== null, await choice.json()]).toEqual([
      429,
      true,
      { error: "Too many requests from this address. Please wait a minute, then try again." },
    ])
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
    ).toMatchObject({ action: "referral-credit", actor: "marketing@team.example", detail: "network-burst" })
    // The rewards' work runs, and the decision sticks: the credit stays.
    await rewardsRun(api)
    expect(await placeOf(api, link)).toMatchObject({ credited: 4 })
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
    expect(await placeOf(api, link)).toMatchObject({ credited: 3, pending: 0 })
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
    let place = await placeOf(api, link, "ja")
    expect(place).toMatchObject({
      credited: 3,
      pending: 1,
      rewards: {
        earned: [{ title: "Storyling Premium 1か月分", state: "choose-store", code: null }],
        next: { title: "あなたの名前の物語", more: 2 },
        askStore: true,
      },
    })
    expect(JSON.stringify(place)).not.toMatch(/throwaway|mailinator|reason/i)
    const { search } = new URL(link, SITE_URL)
    const choose = (query: string, body: string, type = "application/json") =>
      fetch(`${api.site.url}/api/waitlist-place/store${query}`, {
        method: "POST",
        headers: { "Content-Type": type },
        body,
      })
    for (const [body, type] of [
      ['{"platform":"desktop"}', "application/json"],
      ["platform=android", "application/x-www-form-urlencoded"],
      ["[".repeat(500), "application/json"],
      ["{", "application/json"],
    ] as const) {
      const refused = await choose(search, body, type)
      expect([refused.status, refused.headers.get("cache-control")]).toEqual([422, "private, no-store"])
      expect(await refused.json()).toMatchObject({ error: expect.stringContaining('{"platform": "ios"}') })
    }
    const chosen = await choose(search, JSON.stringify({ platform: "android" }))
    expect([chosen.status, await chosen.json()]).toEqual([200, { platform: "android" }])
    place = await placeOf(api, link, "ja")
    expect(place.rewards).toMatchObject({
      earned: [
        {
          state: "yours",
          code: {
            value: "PLAYCODE00042",
            store: "android",
            redeemUrl: "https://play.google.com/redeem?code=PLAYCODE00042",
          },
        },
      ],
      askStore: false,
    })
    const forged = await choose(search.replace(/sig=[\da-f]{32}/, `sig=${"0".repeat(32)}`), '{"platform":"ios"}')
    expect([forged.status, await forged.json()]).toEqual([404, { error: "This link has expired or is not valid." }])
  })

  it("answers every hostile shape of the store question, in its address or its body, with a JSON 404 or 422, and chooses no store", async () => {
    await signUp(api, "ana@example.com")
    const link = await confirm(api, "ana@example.com")
    const { searchParams } = new URL(link, SITE_URL)
    const code = searchParams.get("code") ?? ""
    const sig = searchParams.get("sig") ?? ""
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        "@".repeat(300),
        ".".repeat(300),
        "%00",
        "%",
        "ｉｏｓ",
        "іos",
        "IOS",
        "ios\u0000",
        "0".repeat(65),
      ),
    )
    // Either part may be the person's own, never both: a valid question would choose a store.
    const address = fc.oneof(
      fc.record({ code: text, sig: fc.constant(sig) }),
      fc.record({ code: fc.constant(code), sig: text }),
      fc.record({ code: fc.constant(code), sig: fc.constant(sig) }),
    )
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth)
    const refusedBody = fc.oneof(
      fc.json({ maxDepth: 3 }).filter((json) => !/"platform"\s*:\s*"(ios|android)"/.test(json)),
      fc.constantFrom(
        nested(400),
        `{"platform":${nested(300)}}`,
        '{"platform":["ios"]}',
        '{"platform":{"toString":"ios"}}',
        '{"__proto__":{"platform":"ios"}}',
        '{"platform":"іos"}',
        '{"platform":"IOS"}',
        '{"platform":"ios","platform":7}',
        `{"platform":"${"@".repeat(900)}"}`,
      ),
    )
    const validBody = fc.constantFrom('{"platform":"ios"}', '{"platform":"android"}')
    let client = 0
    await fc.assert(
      fc.asyncProperty(address, refusedBody, validBody, fc.boolean(), async (query, refused, valid, useValid) => {
        const own = query.code === code && query.sig === sig
        const answer = await fetch(
          `${api.site.url}/api/waitlist-place/store?code=${encodeURIComponent(query.code)}&sig=${encodeURIComponent(query.sig)}`,
          {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${(client += 1) % 250}` },
            body: own || !useValid ? refused : valid,
          },
        )
        expect([404, 422]).toContain(answer.status)
        expect(answer.headers.get("cache-control")).toBe("private, no-store")
        expect(await answer.json()).toEqual(expect.objectContaining({ error: expect.stringMatching(/\S/) }))
      }),
      { numRuns: 120 },
    )
    const store = openDbOf(api.env)
    const platforms = await store
      .read((on) =>
        on.selectFrom("waitlist_entries").select("code_platform").where("code_platform", "is not", null).execute(),
      )
      .finally(() => store.close())
    expect(platforms).toEqual([])
  }, 60_000)
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
      expect(await placeOf(api, link)).toMatchObject({ credited: 2 })
    }, 60_000)
  },
)
