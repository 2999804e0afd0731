import http from "http"
import net from "net"
import { planSubmission } from "../../src/server/signup/plan-submission"
import { readSettings } from "../../src/server/settings"
import { openDbOf } from "./waitlist-store-access"
import { verifyWebhook, SIGNATURE_HEADER } from "../../src/server/outbox/webhook-signature"
import { siteFacts } from "../../src/config/site-facts"
import { translate } from "../../src/i18n/messages"
import { eventually } from "./eventually"
import { freePort } from "./free-port"
import type { recordFigures } from "./reliability-figures"
import { startSiteServer, type RunningSite } from "./site-server-process"
import { SmtpTestServer, type ReceivedMail } from "./smtp-test-server"
import { TricklingSmtpServer } from "./trickling-smtp-server"
import { cookiePair, linkIn, open } from "./mail-links"
import { ACCEPTED_BODY, entryFor, formMetadata, postJson } from "./waitlist-api-client"
import { countEntries, listEntries } from "../../src/server/entries/entry-list"
import { deliveriesIn, retryFailedDelivery } from "../../src/server/outbox/outbox-queries"
import { submitSignup } from "../../src/server/signup/sign-up"

type Settings = Record<string, string>

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const messageIds = (mails: ReceivedMail[]) => mails.map((mail) => mail.parsed.messageId)

/** The time a test that waits for retries, restarts or an SMTP server coming back may take. */
const SLOW_TEST_MS = 60_000

/**
 * Settings that make retries and leases short enough for a test (a try's deadline is half its lease: 2 s), and mail
 * unpaced: the pace is the announcements' suites' to test (waitlist-announcement-behaviour.ts).
 */
const QUICK = {
  MAIL_RATE_PER_SECOND: "0",
  MAIL_RETRY_BASE_MS: "200",
  MAIL_LEASE_MS: "4000",
  WAITLIST_RATE_LIMIT: "0",
  SITE_URL: "https://storyling.example.com",
}

/** 28 addresses in one text of 254 characters: what once became one confirmation mail to 28 strangers. */
const LIST_OF_28 = Array.from({ length: 28 }, (_, i) => `s${String(i).padStart(2, "0")}@x.tt`)
  .join(",")
  .padEnd(254, "t")

/** "CEO <ceo@example.com>" as an encoded word (RFC 2047), which a mail client would show decoded if it stood in a header. */
const ENCODED_NAME = `=?UTF-8?B?${Buffer.from("CEO <ceo@example.com>").toString("base64")}?=`

/**
 * What the mail of the waitlist must do, run against the production server
 * with a store (SQLite or PostgreSQL) and a real SMTP server: the team's
 * mail and the confirmation mail with their headers, the links' pages, the
 * caps, the honeypot, header injection, one-click leave, an SMTP server
 * that is down, refuses for now or for good, and a server killed between
 * commit and delivery.
 */
export function describeWaitlistMail(
  newStore: () => Promise<Settings>,
  figures: ReturnType<typeof recordFigures>,
): void {
  let smtp: SmtpTestServer
  const started: RunningSite[] = []
  beforeAll(async () => {
    smtp = await SmtpTestServer.start()
  })
  afterAll(async () => {
    await Promise.all(started.map((site) => site.stop()))
    await smtp.down()
  })
  beforeEach(() => {
    smtp.mails.length = 0
    smtp.mood = "accept"
  })

  async function site(extra: Settings = {}) {
    const store = await newStore()
    const settings = { ...store, ...QUICK, SMTP_URL: smtp.url, ...extra }
    const running = await startSiteServer(settings)
    started.push(running)
    return { site: running, settings, store }
  }

  it("mails the team each accepted message, replying to the visitor, and the visitor a confirmation with a one-click leave", async () => {
    const { site: running } = await site()
    const entry = entryFor("ana@example.com", {
      name: "Ana López",
      message: "¿Tenéis historias en catalán?",
      metadata: { ...formMetadata, referrer: "https://news.example/" },
    })
    expect((await postJson(running, entry)).text).toBe(ACCEPTED_BODY)
    await smtp.waitForMails(2)
    const [team] = smtp.to(siteFacts.supportEmail)
    const [confirm] = smtp.to("ana@example.com")
    expect(team?.parsed.subject).toBe("Waitlist: a visitor's message, name given “Ana López”")
    expect(team?.parsed.from?.value).toEqual([{ name: siteFacts.appName, address: siteFacts.supportEmail }])
    expect(team?.parsed.replyTo?.value).toEqual([{ name: "", address: "ana@example.com" }])
    expect(team?.parsed.text).toContain("Address given: ana@example.com\n\nName given: Ana López")
    expect(team?.parsed.text).toContain("¿Tenéis historias en catalán?")
    for (const line of [
      "Time zone: Europe/Madrid",
      "Browser language: es-ES",
      "Referrer: https://news.example/",
      "utm_source: newsletter",
      "Page language: en",
    ]) {
      expect(team?.parsed.text?.split("\n")).toContain(line)
    }
    expect(confirm?.parsed.subject).toBe("Confirm your place on the Storyling waitlist")
    expect(confirm?.parsed.text).toContain("Hi Ana López,")
    expect(confirm?.parsed.html).toContain("Confirm my address")
    expect(confirm?.parsed.html).toContain(siteFacts.supportEmail)
    // Long headers are folded onto a second line (RFC 5322 2.2.3); unfolded, they read as one.
    const header = (key: string) =>
      confirm?.parsed.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n[ \t]+/g, " ")
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
    const unsubscribe = header("list-unsubscribe")
    expect(unsubscribe).toMatch(
      /^List-Unsubscribe: <https:\/\/storyling\.example\.com\/api\/waitlist-leave\?token=[\w-]{43}&lang=en>$/,
    )
    expect(confirm?.parsed.messageId).toMatch(/^<[\w-]+@storyling\.example\.com>$/)
  })

  it("confirms nothing on a GET of the link (a mail scanner), and confirms on the button's POST, once", async () => {
    const { site: running, settings } = await site()
    await postJson(running, entryFor("ben@example.com", { name: "Ben" }))
    await eventually(() => expect(smtp.to("ben@example.com")).toHaveLength(1))
    const link = linkIn(smtp.to("ben@example.com")[0] as ReceivedMail, "/api/waitlist-confirm", running)
    const scanned = await open(link)
    expect(scanned).toMatchObject({ status: 303, location: "/waitlist/confirm/" })
    expect(scanned.cookie?.split("; ").slice(1).sort()).toEqual([
      "HttpOnly",
      "Max-Age=3600",
      "Path=/api/",
      "SameSite=Lax",
      "Secure",
    ])
    const store = openDbOf(settings)
    try {
      expect((await listEntries(store))[0]?.confirmedAt).toBeNull()
      const pressed = await open(`${running.url}/api/waitlist-confirm`, {
        method: "POST",
        headers: { Cookie: cookiePair(scanned.cookie) },
      })
      // Confirmed, the person lands on their place page, by its signed link.
      expect(pressed).toMatchObject({
        status: 303,
        location: expect.stringMatching(/^\/api\/waitlist-place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/),
      })
      expect((await listEntries(store))[0]?.confirmedAt).toBeInstanceOf(Date)
      expect(await open(link)).toMatchObject({
        status: 303,
        location: expect.stringMatching(/^\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/),
      })
      await postJson(running, entryFor("ben@example.com", { name: "Ben", message: "Again" }))
      // The repeat's message reaches the team at once, in a mail of its own, and queues no confirmation.
      await eventually(() =>
        expect(smtp.to(siteFacts.supportEmail).filter((mail) => mail.parsed.text?.includes("\nAgain\n"))).toHaveLength(
          1,
        ),
      )
      await pause(500)
      expect(smtp.to("ben@example.com")).toHaveLength(1)
    } finally {
      await store.close()
    }
  })

  it("writes to a visitor who signed up on a Brazilian Portuguese page in that language, and its links open that language's pages", async () => {
    const { site: running } = await site()
    await postJson(
      running,
      entryFor("bia@example.com", { name: "Bia", metadata: { ...formMetadata, locale: "pt-br" } }),
    )
    await eventually(() => expect(smtp.to("bia@example.com")).toHaveLength(1))
    const mail = smtp.to("bia@example.com")[0] as ReceivedMail
    expect(mail.parsed.subject).toBe(translate("pt-br", "mail.subject"))
    expect(mail.parsed.text).toContain(translate("pt-br", "mail.greeting", { name: "Bia" }))
    expect(mail.parsed.html).toContain('<html lang="pt-BR">')
    const scanned = await open(linkIn(mail, "/api/waitlist-confirm", running))
    expect(scanned).toMatchObject({ status: 303, location: "/pt-br/waitlist/confirm/" })
    const pressed = await open(`${running.url}/api/waitlist-confirm?lang=pt-br`, {
      method: "POST",
      headers: { Cookie: cookiePair(scanned.cookie) },
    })
    expect(pressed).toMatchObject({
      status: 303,
      location: expect.stringMatching(/^\/pt-br\/waitlist\/place\?code=[A-Za-z\d]{8}&sig=[\da-f]{32}$/),
    })
    const place = await fetch(
      `${running.url}/api/waitlist-place/data${new URL(pressed.location ?? "", running.url).search}`,
    )
    expect(place.status).toBe(200)
    expect(await place.json()).toMatchObject({ place: 1 })
  })

  it("sends an unknown, forged or missing token to the page that says the link expired", async () => {
    const { site: running } = await site()
    for (const route of ["waitlist-confirm", "waitlist-leave"]) {
      expect(await open(`${running.url}/api/${route}?token=${"A".repeat(43)}`)).toMatchObject({
        status: 303,
        location: "/waitlist/link-expired/",
      })
      expect(await open(`${running.url}/api/${route}?token=../../etc`)).toMatchObject({
        status: 303,
        location: "/waitlist/link-expired/",
      })
      expect(await open(`${running.url}/api/${route}`, { method: "POST" })).toMatchObject({
        status: 303,
        location: "/waitlist/link-expired/",
      })
    }
  })

  it("answers new, repeat and bot submissions byte for byte alike, mails one confirmation a day and the team each message, and nothing for the honeypot", async () => {
    const { site: running } = await site()
    const answers = [
      await postJson(running, entryFor("cam@example.com")),
      await postJson(running, entryFor("cam@example.com", { message: "Hello again" })),
      await postJson(running, entryFor("bot@example.com", { city: "Springfield" })),
    ]
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`))).toEqual(
      new Set([`201 ${ACCEPTED_BODY}`]),
    )
    await smtp.waitForMails(3)
    await pause(1000)
    expect(smtp.to("cam@example.com")).toHaveLength(1)
    // A mail to the team for each message, the repeat's too.
    expect(smtp.to(siteFacts.supportEmail)).toHaveLength(2)
    expect(smtp.to("bot@example.com")).toHaveLength(0)
    expect(smtp.mails.some((mail) => (mail.parsed.text ?? "").includes("bot@example.com"))).toBe(false)
  })

  it("keeps a name's header syntax out of the headers and its markup out of the HTML", async () => {
    const { site: running } = await site()
    const refused = await postJson(running, entryFor("dee@example.com", { name: "Dee\r\nBcc: victim@example.com" }))
    expect(refused.status).toBe(422)
    // No address in it: a name holding one is left out of the visitor's mail (see shownName), so nothing is escaped.
    await postJson(running, entryFor("dee@example.com", { name: '<b>"Dee"</b>, Bcc: victim' }))
    await smtp.waitForMails(2)
    expect(smtp.mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(
      ["dee@example.com", siteFacts.supportEmail].sort(),
    )
    const [confirm] = smtp.to("dee@example.com")
    expect(confirm?.parsed.headers.has("bcc")).toBe(false)
    expect(confirm?.parsed.html).toContain("&lt;b&gt;&quot;Dee&quot;&lt;/b&gt;")
    expect(confirm?.parsed.html).not.toContain("<b>")
    const [team] = smtp.to(siteFacts.supportEmail)
    expect(team?.parsed.subject).toBe('Waitlist: a visitor\'s message, name given “<b>"Dee"</b>, Bcc: victim”')
  })

  it("refuses a list of 28 addresses and a name in angle brackets as the address, and mails nobody", async () => {
    const { site: running, settings } = await site()
    for (const email of [
      LIST_OF_28,
      "a<victim@x.test>",
      "b<victim@x.test>",
      "victim@x.test, friend@x.test",
      "Ana <victim@x.test>",
    ]) {
      const answer = await postJson(running, entryFor(email))
      expect({
        email,
        status: answer.status,
        fields: (JSON.parse(answer.text) as { fields?: unknown }).fields,
      }).toEqual({ email, status: 422, fields: { email: "Email is invalid" } })
    }
    await postJson(running, entryFor("one@example.com"))
    await smtp.waitForMails(2)
    await pause(1000)
    expect(smtp.mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual(
      ["one@example.com", siteFacts.supportEmail].sort(),
    )
    const store = openDbOf(settings)
    try {
      expect((await listEntries(store)).map((entry) => entry.email)).toEqual(["one@example.com"])
    } finally {
      await store.close()
    }
  })

  it("mails no stored address that is not one address (a row an earlier version kept), and fails it for good, saying why", async () => {
    const store = await newStore()
    const env = { ...store, ...QUICK, SMTP_URL: smtp.url }
    const earlier = openDbOf(env)
    const now = new Date()
    try {
      for (const email of [LIST_OF_28, "a<victim@x.test>"]) {
        const entry = { name: "Mallory", email, message: "Your bank account is locked", metadata: formMetadata }
        await submitSignup(earlier, {
          entry,
          discard: false,
          rateLimit: null,
          plan: planSubmission(entry, readSettings(env).mail, now),
          now,
        })
      }
    } finally {
      await earlier.close()
    }
    const running = await startSiteServer(env)
    started.push(running)
    const check = openDbOf(env)
    try {
      await eventually(async () =>
        expect((await deliveriesIn(check, ["failed"])).map((d) => d.kind)).toEqual(["confirm", "confirm"]),
      )
      const failed = await deliveriesIn(check, ["failed"])
      expect(failed.map((delivery) => delivery.lastError)).toEqual([
        `not mailed: its recipient ${JSON.stringify(LIST_OF_28)} is not one address`,
        'not mailed: its recipient "a<victim@x.test>" is not one address',
      ])
      // The team still hears of both messages, with no reply address to follow.
      await smtp.waitForMails(2)
      await pause(1000)
      expect(smtp.mails.map((mail) => mail.envelopeTo)).toEqual([[siteFacts.supportEmail], [siteFacts.supportEmail]])
      expect(smtp.mails.map((mail) => mail.parsed.replyTo)).toEqual([undefined, undefined])
      expect(smtp.mails.map((mail) => mail.parsed.text ?? "").every((text) => text.includes("not one address"))).toBe(
        true,
      )
    } finally {
      await check.close()
    }
  })

  it("never shows an encoded word typed as a name as a sender: the subject quotes it as typed, and no header carries a name of the visitor", async () => {
    const { site: running } = await site()
    expect((await postJson(running, entryFor("eve@example.com", { name: ENCODED_NAME }))).status).toBe(201)
    await smtp.waitForMails(2)
    const [team] = smtp.to(siteFacts.supportEmail)
    const [confirm] = smtp.to("eve@example.com")
    expect(team?.parsed.subject).toBe(`Waitlist: a visitor's message, name given “${ENCODED_NAME}”`)
    expect(team?.parsed.from?.value).toEqual([{ name: siteFacts.appName, address: siteFacts.supportEmail }])
    expect(team?.parsed.replyTo?.value).toEqual([{ name: "", address: "eve@example.com" }])
    expect(confirm?.parsed.to).toMatchObject({ value: [{ name: "", address: "eve@example.com" }] })
    for (const mail of [team, confirm]) {
      expect(mail?.envelopeTo).toHaveLength(1)
      expect(JSON.stringify(mail?.parsed.headerLines)).not.toContain("CEO")
    }
  })

  it("removes the entry and its pending mail on a one-click POST to List-Unsubscribe, and by the leave page's button", async () => {
    const { site: running, settings } = await site()
    await postJson(running, entryFor("eli@example.com"))
    await postJson(running, entryFor("fay@example.com"))
    await smtp.waitForMails(4)
    const leaveOf = (address: string) => linkIn(smtp.to(address)[0] as ReceivedMail, "/api/waitlist-leave", running)
    const oneClick = await fetch(leaveOf("eli@example.com"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(oneClick.status).toBe(200)
    const opened = await open(leaveOf("fay@example.com"))
    expect(opened).toMatchObject({ status: 303, location: "/waitlist/leave/" })
    const pressed = await open(`${running.url}/api/waitlist-leave`, {
      method: "POST",
      headers: { Cookie: cookiePair(opened.cookie) },
    })
    expect(pressed).toMatchObject({ status: 303, location: "/waitlist/left/" })
    const store = openDbOf(settings)
    try {
      expect(await countEntries(store)).toBe(0)
      expect(await deliveriesIn(store, ["pending", "failed"])).toEqual([])
    } finally {
      await store.close()
    }
  })

  it(
    "delivers each mail once when the SMTP server was down and comes back",
    async () => {
      const { site: running } = await site()
      await smtp.down()
      try {
        await postJson(running, entryFor("gus@example.com"))
        await pause(1500)
      } finally {
        await smtp.up()
      }
      await smtp.waitForMails(2, 30_000)
      await pause(1000)
      expect(smtp.mails).toHaveLength(2)
      expect(new Set(messageIds(smtp.mails)).size).toBe(2)
      figures.add({ submissionsSent: 1, outagesHealed: 1, mailsDelivered: 2 })
    },
    SLOW_TEST_MS,
  )

  it(
    "tries again after an SMTP 4xx, and gives up at once on a 5xx, listing it as failed",
    async () => {
      const { site: running, settings } = await site()
      smtp.mood = { refuse: 451 }
      await postJson(running, entryFor("hal@example.com"))
      const store = openDbOf(settings)
      try {
        await eventually(async () =>
          expect(
            (await deliveriesIn(store, ["pending"])).some((d) => d.attempts >= 2 && /451/.test(d.lastError ?? "")),
          ).toBe(true),
        )
        smtp.mood = { refuse: 550 }
        await eventually(async () =>
          expect((await deliveriesIn(store, ["failed"])).map((d) => d.kind).sort()).toEqual(["confirm", "notify"]),
        )
        const [failed] = await deliveriesIn(store, ["failed"])
        expect(failed?.lastError).toMatch(/550/)
        smtp.mood = "accept"
        expect(await retryFailedDelivery(store, String(failed?.id), new Date())).toBe(true)
        await smtp.waitForMails(1)
      } finally {
        await store.close()
      }
    },
    SLOW_TEST_MS,
  )

  it(
    "delivers after a restart what was committed before the server was killed",
    async () => {
      const { site: first, settings } = await site()
      await smtp.down()
      await postJson(first, entryFor("ivy@example.com"))
      await first.kill()
      await smtp.up()
      expect(smtp.mails).toHaveLength(0)
      const second = await startSiteServer(settings)
      started.push(second)
      await smtp.waitForMails(2)
      expect(smtp.to("ivy@example.com")).toHaveLength(1)
      figures.add({ submissionsSent: 1, crashesSurvived: 1, mailsDelivered: 2 })
    },
    SLOW_TEST_MS,
  )

  it(
    "posts signed webhook events for a submission and a confirmation, which a receiver can verify",
    async () => {
      const secret = "a-webhook-secret-of-the-test"
      const events: { body: string; valid: boolean }[] = []
      const receiver = http.createServer((req, res) => {
        let body = ""
        req.on("data", (chunk: Buffer) => (body += chunk.toString()))
        req.on("end", () => {
          events.push({
            body,
            valid: verifyWebhook(
              secret,
              body,
              String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? ""),
              Math.floor(Date.now() / 1000),
            ),
          })
          res.writeHead(events.length === 1 ? 503 : 204).end()
        })
      })
      const port = await freePort()
      await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve))
      try {
        const { site: running } = await site({
          WAITLIST_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
          WAITLIST_WEBHOOK_SECRET: secret,
        })
        await postJson(running, entryFor("jo@example.com", { name: "Jo" }))
        await smtp.waitForMails(2)
        const opened = await open(
          linkIn(smtp.to("jo@example.com")[0] as ReceivedMail, "/api/waitlist-confirm", running),
        )
        await open(`${running.url}/api/waitlist-confirm`, {
          method: "POST",
          headers: { Cookie: cookiePair(opened.cookie) },
        })
        await eventually(() => expect(events.length).toBeGreaterThanOrEqual(3))
        expect(events.every((event) => event.valid)).toBe(true)
        // The receiver refused the first try with a 503: the same event (same id) came again.
        const parsed = events.map(
          (event) => JSON.parse(event.body) as { id: string; type: string; data: Record<string, unknown> },
        )
        expect(parsed.map((event) => event.type).sort()).toEqual([
          "waitlist.confirmed",
          "waitlist.submitted",
          "waitlist.submitted",
        ])
        const submitted = parsed.filter((event) => event.type === "waitlist.submitted")
        expect(submitted[0]?.id).toBe(submitted[1]?.id)
        expect(submitted[0]?.data).toMatchObject({ name: "Jo", email: "jo@example.com" })
        expect(
          verifyWebhook(
            secret,
            events[0]?.body.replace("Jo", "Mo") ?? "",
            `t=${Math.floor(Date.now() / 1000)},v1=00`,
            Math.floor(Date.now() / 1000),
          ),
        ).toBe(false)
      } finally {
        receiver.close()
      }
    },
    SLOW_TEST_MS,
  )

  it(
    "delivers the other mails while an SMTP server trickles its answers to one of them, one byte every 2 s",
    async () => {
      const trickler = await TricklingSmtpServer.start((recipient) => recipient === "slow@example.com", 2000)
      try {
        const { site: running, settings } = await site({ SMTP_URL: trickler.url, MAIL_LEASE_MS: "8000" })
        expect((await postJson(running, entryFor("slow@example.com"))).status).toBe(201)
        for (let i = 0; i < 10; i++)
          expect((await postJson(running, entryFor(`quick${i}@example.com`))).status).toBe(201)
        // Eleven team mails and ten confirmations, while the eleventh confirmation is held.
        await eventually(() => expect(trickler.mails.length).toBe(21), 30_000)
        expect(trickler.to("slow@example.com")).toEqual([])
        // The held try ends at its deadline (half the lease), and waits for its retry.
        const store = openDbOf(settings)
        try {
          await eventually(async () => {
            const held = (await deliveriesIn(store, ["pending"])).find(
              (delivery) => delivery.recipient === "slow@example.com",
            )
            expect(held?.lastError).toMatch(/deadline/)
          }, 15_000)
        } finally {
          await store.close()
        }
        // The worker's close reaches the trickler a moment after the try is recorded.
        await eventually(() => expect(trickler.trickled[0]?.closedByClient).toBe(true), 5_000)
        figures.add({ submissionsSent: 11, mailsDelivered: 21 })
      } finally {
        await trickler.stop()
      }
    },
    SLOW_TEST_MS,
  )

  it(
    "delivers every mail while the webhook receiver never answers",
    async () => {
      const hanging = new Set<net.Socket>()
      let firstGivenUpAt = Infinity
      const receiver = net.createServer((socket) => {
        hanging.add(socket)
        socket.on("error", () => {})
        socket.once("close", () => (firstGivenUpAt = Math.min(firstGivenUpAt, Date.now())))
      })
      const port = await freePort()
      await new Promise<void>((resolve) => receiver.listen(port, "127.0.0.1", resolve))
      try {
        const secret = "a-webhook-secret-of-the-test"
        const { site: running } = await site({
          WAITLIST_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
          WAITLIST_WEBHOOK_SECRET: secret,
          MAIL_LEASE_MS: "30000",
        })
        for (let i = 0; i < 20; i++)
          expect((await postJson(running, entryFor(`hook${i}@example.com`))).status).toBe(201)
        await smtp.waitForMails(40, 30_000)
        const lastMailAt = Date.now()
        expect(hanging.size).toBeGreaterThan(0)
        // Every mail arrived before the first try at the webhook was given up (after 10 s).
        expect(lastMailAt).toBeLessThan(firstGivenUpAt)
        figures.add({ submissionsSent: 20, mailsDelivered: 40 })
      } finally {
        for (const socket of hanging) socket.destroy()
        receiver.close()
      }
    },
    SLOW_TEST_MS,
  )

  it("stops at start with one line when SMTP_URL cannot be parsed", async () => {
    await expect(startSiteServer({ ...(await newStore()), SMTP_URL: "not a url" })).rejects.toThrow(
      "site server: SMTP_URL must be an SMTP URL starting with smtp:// or smtps:// (the value given is not shown)\n",
    )
  })
}
