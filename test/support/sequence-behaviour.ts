import fs from "fs"
import os from "os"
import path from "path"
import { chromium, type Browser, type Page } from "@playwright/test"
import { chromiumArgs, chromiumPath, ensureChromium } from "../../e2e/support/chromium"
import { openHydrated } from "../../e2e/support/hydration"
import { SKIP_REASONS } from "../../src/admin-api/sequences"
import { translate } from "../../src/i18n/messages"
import { toDate } from "../../src/server/db/schema"
import { deliveriesIn } from "../../src/server/outbox/outbox-queries"
import type { PlaceView } from "../../src/waitlist/place-view"
import { dsn } from "./bounce-messages"
import { eventually } from "./eventually"
import { cookiePair, linkIn, open } from "./mail-links"
import { seedEntries } from "./seed-entries"
import { startSiteServer, type RunningSite } from "./site-server-process"
import { SmtpTestServer, type ReceivedMail } from "./smtp-test-server"
import { entryFor, postJson } from "./waitlist-api-client"
import { compiledWaitlistCli } from "./waitlist-cli"
import { openDbOf } from "./waitlist-store-access"

type Settings = Record<string, string>

const SITE = "https://storyling.example.com"
const SECOND_MS = 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** The steps the suite writes: each one's name and `after`, in English and German. */
const STEPS = [
  ["welcome", "30 seconds"],
  ["tips", "2 days"],
  ["friends", "3 days"],
] as const
/** The people signed up through the running server, each with a part to play. */
const ADA = "ada@example.org"
const BRUNO = "bruno@example.org"
const LEFT = "left@example.org"
const BOUNCED = "bounced@example.org"
const ERASED = "erased@example.org"
/** Signs up while reminders are on and never confirms. */
const REMINDED = "reminded@example.org"
/** Signs up while reminders are off, and confirms three days later. */
const UNREMINDED = "unreminded@example.org"
/** Confirmed people written straight into the store, so that instances have a batch to share: English, German and Japanese (which no step is written in). */
const SEEDED = Array.from({ length: 30 }, (_, i) => ({
  email: `seed${i}@example.org`,
  locale: ["en", "de", "ja"][i % 3] ?? "en",
  name: `Seed${i}`,
}))

/** A folder of the steps as an editor writes them: English with `after`, German leaving it out. */
function stepsFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sequence-steps-"))
  for (const [name, after] of STEPS) {
    fs.writeFileSync(
      path.join(dir, `${name}.md`),
      `---\nsubject: "${name} for {{name}}"\nafter: ${after}\n---\nHi {{name}}, you're number {{place}} in line.\n\nYour place: {{placeLink}}\n\nYour link to share: {{personalLink}}\n`,
    )
    fs.writeFileSync(
      path.join(dir, `${name}.de.md`),
      `---\nsubject: "${name} für {{name}}"\n---\nHallo {{name}}, du bist Nummer {{place}} in der Reihe.\n\nDein Platz: {{placeLink}}\n\nDein Link zum Teilen: {{personalLink}}\n`,
    )
  }
  return dir
}

/** The step a mail of the sequences is, by its Feedback-ID (`welcome:sequence:storyling`); null for any other mail. */
const stepOf = (mail: ReceivedMail): string | null =>
  /^([\w-]+):sequence:/.exec(String(mail.parsed.headers.get("feedback-id") ?? ""))?.[1] ?? null

/** The text after a label in a mail's plain text, up to the end of its line. */
const after = (mail: ReceivedMail, label: string): string =>
  (mail.parsed.text ?? "")
    .split("\n")
    .find((line) => line.startsWith(label))
    ?.slice(label.length) ?? ""

/**
 * The sequences and the confirmation reminder as people get them from the
 * production server (`node dist/server.js`, `instances` of it on one
 * store), driven over HTTP and in Chromium, its clock moved ahead between
 * restarts (see startSiteServer's clockAheadMs): sign-up, the note, the
 * confirmation by the mail's link; a step 30 seconds after it, once, in
 * each person's language with their place and links, and nothing to
 * whoever left, bounced or was erased; a server down past two steps
 * sending the next one, not both; the reminder once while on, never while
 * off. The tests run in order, each a later moment of one list.
 */
export function describeSequences(newStore: () => Promise<Settings>, { instances }: { instances: number }): void {
  let smtp: SmtpTestServer
  let browser: Browser
  let settings: Settings
  let sites: RunningSite[] = []
  const cli = compiledWaitlistCli()
  const steps = stepsFolder()
  const waitlist = (args: string[], input?: string) => cli.run(args, settings, { input })
  const stepsTo = (email: string) =>
    smtp
      .to(email)
      .map(stepOf)
      .filter((step) => step !== null)
  const stepMails = (step: string) => smtp.mails.filter((mail) => stepOf(mail) === step)
  const reminders = (email: string) =>
    smtp.to(email).filter((mail) => mail.parsed.subject === translate("en", "mail.reminderSubject"))

  /** Stops the servers running, and starts `instances` of them at once, their clock `aheadMs` ahead of real time. */
  async function serve(aheadMs: number, reminder: boolean): Promise<RunningSite> {
    await Promise.all(sites.map((site) => site.stop()))
    sites = await Promise.all(
      Array.from({ length: instances }, () =>
        startSiteServer({ ...settings, CONFIRMATION_REMINDER: reminder ? "1" : "0" }, { clockAheadMs: aheadMs }),
      ),
    )
    return sites[0] as RunningSite
  }

  /** Waits until no mail of the sequences waits in the outbox: every one queued so far was sent. */
  async function sequenceMailsSent() {
    const store = openDbOf(settings)
    try {
      await eventually(async () => {
        const waiting = await deliveriesIn(store, ["pending"])
        expect(waiting.filter((delivery) => delivery.kind === "sequence")).toEqual([])
      }, 60_000)
    } finally {
      await store.close()
    }
  }

  /** A Chromium tab on the running server. */
  async function tab(site: RunningSite): Promise<Page> {
    const context = await browser.newContext({ baseURL: site.url, locale: "de-DE" })
    return context.newPage()
  }

  beforeAll(async () => {
    ensureChromium()
    smtp = await SmtpTestServer.start()
    await cli.compile()
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    settings = {
      ...(await newStore()),
      SMTP_URL: smtp.url,
      SITE_URL: SITE,
      SEQUENCES_DIR: steps,
      BOUNCE_ADDRESS: "bounces@storyling.example.com",
      WAITLIST_RATE_LIMIT: "0",
      MAIL_RATE_PER_SECOND: "0",
      MAIL_RETRY_BASE_MS: "200",
      MAIL_LEASE_MS: "4000",
    }
  }, 120_000)
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()))
    await browser?.close()
    await smtp?.down()
    cli.remove()
    fs.rmSync(steps, { recursive: true, force: true })
  })

  it("has a visitor sign up in Chromium and read the note in German, and everyone confirm by their mail's link; one leaves, one's address bounces, one is erased", async () => {
    await seedEntries(settings, SEEDED)
    const site = await serve(0, true)
    const page = await tab(site)
    await openHydrated(page, "/de/contact")
    const form = page.getByRole("form", { name: translate("de", "form.label") })
    await form.getByLabel(translate("de", "form.name"), { exact: true }).fill("Bruno")
    await form.getByLabel(translate("de", "form.email"), { exact: true }).fill(BRUNO)
    await form.getByRole("button", { name: translate("de", "form.send"), exact: true }).click()
    await page
      .getByRole("status")
      .filter({ hasText: translate("de", "form.sent", { email: BRUNO }) })
      .waitFor()
    for (const email of [ADA, LEFT, BOUNCED, ERASED, REMINDED])
      expect((await postJson(site, entryFor(email, { name: email.split("@")[0] }))).status).toBe(201)
    const everyone = [ADA, BRUNO, LEFT, BOUNCED, ERASED, REMINDED]
    await eventually(() => expect(everyone.filter((email) => smtp.to(email).length === 0)).toEqual([]), 30_000)
    expect(smtp.to(BRUNO)[0]?.parsed.subject).toBe(translate("de", "mail.subject"))

    for (const email of [ADA, LEFT, BOUNCED, ERASED]) {
      const scanned = await open(linkIn(smtp.to(email)[0] as ReceivedMail, "/api/waitlist-confirm", site))
      const pressed = await open(`${site.url}/api/waitlist-confirm`, {
        method: "POST",
        headers: { Cookie: cookiePair(scanned.cookie) },
      })
      expect(pressed).toMatchObject({ status: 303, location: expect.stringMatching(/^\/api\/waitlist-place\?/) })
    }
    const link = new URL(linkIn(smtp.to(BRUNO)[0] as ReceivedMail, "/api/waitlist-confirm", site))
    await page.goto(link.pathname + link.search)
    await page.getByRole("button", { name: translate("de", "link.confirm.button") }).click()
    await page.getByRole("heading", { level: 1, name: translate("de", "place.title") }).waitFor()
    await page.context().close()

    const leave = await fetch(linkIn(smtp.to(LEFT)[0] as ReceivedMail, "/api/waitlist-leave", site), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(leave.status).toBe(200)
    const bounced = await waitlist(["bounce"], dsn({ to: smtp.to(BOUNCED)[0]?.envelopeFrom ?? "", recipient: BOUNCED }))
    expect(bounced.stdout).toMatch(/a hard bounce \(status 5\.1\.1\) counted; its address is suppressed/)
    expect(await waitlist(["delete", ERASED])).toMatchObject({ code: 0, stdout: `Removed 1 entry for ${ERASED}\n` })
  }, 180_000)

  it(`30 seconds after confirming, mails each confirmed person the first step once${instances > 1 ? `, from ${instances} instances` : ""}, in their language with their place, its page and their personal link; nobody who left, bounced or was erased`, async () => {
    const site = await serve(31 * SECOND_MS, false)
    expect((await postJson(site, entryFor(UNREMINDED, { name: "Una" }))).status).toBe(201)
    await eventually(() => expect(stepMails("welcome")).toHaveLength(SEEDED.length + 2), 60_000)
    await sequenceMailsSent()
    expect(stepMails("welcome")).toHaveLength(SEEDED.length + 2)
    expect(new Set(stepMails("welcome").map((mail) => mail.envelopeTo[0])).size).toBe(SEEDED.length + 2)
    for (const email of [LEFT, BOUNCED, ERASED]) expect({ email, steps: stepsTo(email) }).toEqual({ email, steps: [] })
    for (const { email, locale, name } of SEEDED)
      expect({ email, subject: smtp.to(email).find(stepOf)?.parsed.subject }).toEqual({
        email,
        subject: locale === "de" ? `welcome für ${name}` : `welcome for ${name}`,
      })

    // Ada's mail, in English: her place as her place page's data says it, the signed link of that page, her personal link.
    const ada = smtp.to(ADA).find(stepOf) as ReceivedMail
    expect(ada.parsed.subject).toBe("welcome for ada")
    const placeUrl = new URL(after(ada, "Your place: "))
    expect(placeUrl.pathname).toBe("/waitlist/place")
    const code = placeUrl.searchParams.get("code") ?? ""
    expect(after(ada, "Your link to share: ")).toBe(`${SITE}/r/${code}`)
    const data = await fetch(`${site.url}/api/waitlist-place/data${placeUrl.search}`)
    const place = ((await data.json()) as PlaceView).place
    expect(ada.parsed.text).toContain(`Hi ada, you're number ${place} in line.`)

    // Bruno's, in German: its place link opens his place page in German, in Chromium, at the place the mail says.
    const bruno = smtp.to(BRUNO).find(stepOf) as ReceivedMail
    expect(bruno.parsed.subject).toBe("welcome für Bruno")
    const brunoPlace = new URL(after(bruno, "Dein Platz: "))
    expect(brunoPlace.pathname).toBe("/de/waitlist/place")
    expect(after(bruno, "Dein Link zum Teilen: ")).toBe(`${SITE}/r/${brunoPlace.searchParams.get("code") ?? ""}`)
    const number = /Hallo Bruno, du bist Nummer (\d+) in der Reihe\./.exec(bruno.parsed.text ?? "")?.[1]
    const page = await tab(site)
    await page.goto(brunoPlace.pathname + brunoPlace.search)
    await page.getByText(translate("de", "place.position", { place: Number(number) }), { exact: true }).waitFor()
    await page.context().close()

    // Never before its time: each was decided at least 30 seconds after the person confirmed.
    const store = openDbOf(settings)
    try {
      const decided = await store.read((on) =>
        on
          .selectFrom("waitlist_sequence_mails as m")
          .innerJoin("waitlist_entries as e", "e.id", "m.entry_id")
          .select(["m.decided_at", "e.confirmed_at"])
          .where("m.step", "=", "welcome")
          .where("m.state", "=", "queued")
          .execute(),
      )
      expect(decided).toHaveLength(SEEDED.length + 2)
      for (const row of decided)
        expect(toDate(row.decided_at).getTime() - toDate(row.confirmed_at ?? "").getTime()).toBeGreaterThanOrEqual(
          30 * SECOND_MS,
        )
    } finally {
      await store.close()
    }
  }, 180_000)

  it("back after being down past two steps, sends each person the next one, not both, that day; the reminder once to whom signed up while it was on", async () => {
    const site = await serve(3 * DAY_MS + 60 * 60 * SECOND_MS, true)
    await eventually(() => expect(stepMails("tips")).toHaveLength(SEEDED.length + 2), 60_000)
    await eventually(() => expect(reminders(REMINDED)).toHaveLength(1))
    await sequenceMailsSent()
    // Una confirms three days late; her first step, the next day's restart, shows a run of the job later that day.
    const scanned = await open(linkIn(smtp.to(UNREMINDED)[0] as ReceivedMail, "/api/waitlist-confirm", site))
    await open(`${site.url}/api/waitlist-confirm`, { method: "POST", headers: { Cookie: cookiePair(scanned.cookie) } })
    await serve(3 * DAY_MS + 2 * 60 * 60 * SECOND_MS, true)
    await eventually(() => expect(stepsTo(UNREMINDED)).toEqual(["welcome"]), 60_000)
    await sequenceMailsSent()
    expect(stepMails("friends")).toEqual([])
    expect(stepsTo(BRUNO)).toEqual(["welcome", "tips"])
    expect(reminders(UNREMINDED)).toEqual([])
  }, 180_000)

  it("the day after, sends the last step; each step reached each confirmed person once, and the status says who got it and who was skipped", async () => {
    await serve(4 * DAY_MS + 2 * 60 * 60 * SECOND_MS, true)
    await eventually(() => expect(stepMails("friends")).toHaveLength(SEEDED.length + 2), 60_000)
    await sequenceMailsSent()
    for (const email of [ADA, BRUNO, ...SEEDED.map((person) => person.email)])
      expect({ email, steps: stepsTo(email) }).toEqual({ email, steps: ["welcome", "tips", "friends"] })
    for (const email of [LEFT, BOUNCED, ERASED, REMINDED])
      expect({ email, steps: stepsTo(email) }).toEqual({ email, steps: [] })
    expect(stepsTo(UNREMINDED)).toEqual(["welcome"])
    expect([reminders(REMINDED).length, reminders(UNREMINDED).length]).toEqual([1, 0])
    const status = (await waitlist(["sequence", "status"])).stdout
    // Una's later steps are still to come (`later`); the bounced address was skipped for each step.
    const rows: Record<string, number[]> = {
      welcome: [SEEDED.length + 3, 0, 0, 0, 0, 1],
      tips: [SEEDED.length + 2, 0, 0, 0, 1, 1],
      friends: [SEEDED.length + 2, 0, 0, 0, 1, 1],
    }
    for (const [name, delay] of STEPS) {
      expect(status).toMatch(new RegExp(`^${name}\\s+${delay}\\s+en de\\s+${(rows[name] ?? []).join("\\s+")}$`, "m"))
      expect(status).toContain(`  ${name}: 1 because ${SKIP_REASONS.suppressed}`)
    }
  }, 180_000)
}
