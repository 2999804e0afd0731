/**
 * @jest-environment node
 */
import { sql } from "kysely"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { quietLogger } from "../../../../test/support/test-logger"
import { setAnnouncementPaused } from "../../announcements/announcement-queries"
import { countBounce } from "../../bounces/suppressions"
import { runWaitlistCommand } from "../../cli/waitlist-commands"
import { openDb, type Db } from "../../db/db"
import { storedTime } from "../../db/schema"
import { createSendMail } from "../../mails/mail-transport"
import { queueDeliveries } from "../../outbox/outbox-queries"
import { readSettings, type StoreSettings } from "../../settings"
import { guardMailHealth } from "../health-guard"
import { mailHealth } from "../provider-health"

jest.setTimeout(60_000)
const stores = useThrowawayStores("mail-health-")
const opened: Db[] = []
const NOW = new Date("2027-03-10T12:00:00.000Z")
const DAY = 24 * 60 * 60 * 1000
let smtp: SmtpTestServer
beforeAll(async () => {
  smtp = await SmtpTestServer.start()
})
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()))
  await smtp.down()
})
beforeEach(() => {
  smtp.mails.length = 0
})

/** A store with one entry, whose visitor mails the test queues to any addresses. */
async function storeWithEntry(settings: StoreSettings): Promise<Db> {
  const db = openDb(settings)
  opened.push(db)
  await db.write((trx) =>
    sql`INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at, confirmed_at) VALUES ('Ana', 'ana@example.org', 'ana@example.org', ${storedTime(NOW)}, ${storedTime(NOW)}, ${storedTime(NOW)})`.execute(
      trx,
    ),
  )
  return db
}

/** Queues confirmation mails to these addresses and marks them sent at `sentAt` (or refused at delivery, `failed`); gives their ids. */
async function mails(db: Db, addresses: string[], sentAt: Date, status: "sent" | "failed" = "sent"): Promise<number[]> {
  return db.write(async (trx) => {
    const entry = await trx.selectFrom("waitlist_entries").select("id").orderBy("id").executeTakeFirstOrThrow()
    const ids: number[] = []
    for (let i = 0; i < addresses.length; i += 500) {
      const batch = addresses.slice(i, i + 500)
      await queueDeliveries(
        trx,
        batch.map((recipient) => ({ entryId: entry.id, delivery: { kind: "confirm", recipient, payload: "{}" } })),
        sentAt,
      )
    }
    const rows = await trx
      .selectFrom("waitlist_outbox")
      .select("id")
      .where("status", "=", "pending")
      .where("entry_id", "=", entry.id)
      .orderBy("id")
      .execute()
    for (const row of rows) ids.push(row.id)
    await trx
      .updateTable("waitlist_outbox")
      .set(status === "sent" ? { status, sent_at: storedTime(sentAt) } : { status })
      .where("id", "in", ids)
      .execute()
    return ids
  })
}

const mailSettings = () => readSettings({ SMTP_URL: smtp.url, WAITLIST_NOTIFY_TO: "team@storyling.example.com" }).mail
const guard = (db: Db, at = NOW) =>
  guardMailHealth(
    db,
    { mail: mailSettings(), sendMail: createSendMail(mailSettings(), quietLogger, { pooled: false }) },
    at,
  )

/** An announcement being sent, with one mail still waiting. */
async function sendingAnnouncement(db: Db, slug: string): Promise<void> {
  const [waiting] = await db.write(async (trx) => {
    // A reader of their own, whose mail no complaint of the others' cancels.
    const entry = await trx
      .insertInto("waitlist_entries")
      .values({
        name: "Reader",
        email: `${slug}-reader@gmail.com`,
        email_key: `${slug}-reader@gmail.com`,
        created_at: storedTime(NOW),
        updated_at: storedTime(NOW),
        confirmed_at: storedTime(NOW),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    const queued = await queueDeliveries(
      trx,
      [{ entryId: entry.id, delivery: { kind: "announcement", recipient: `${slug}-reader@gmail.com`, payload: "{}" } }],
      NOW,
    )
    const announcement = await trx
      .insertInto("waitlist_announcements")
      .values({ slug, content: "{}", state: "sending", paused_reason: null, created_at: storedTime(NOW) })
      .returning("id")
      .executeTakeFirstOrThrow()
    await trx
      .insertInto("waitlist_announcement_mails")
      .values({
        announcement_id: announcement.id,
        entry_id: entry.id,
        lang: "en",
        delivery_id: queued.get(entry.id) ?? 0,
      })
      .execute()
    return [announcement.id]
  })
  expect(waiting).toBeGreaterThan(0)
}

const stateOf = (db: Db, slug: string) =>
  db.read((on) =>
    on
      .selectFrom("waitlist_announcements")
      .select(["state", "paused_reason"])
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow(),
  )

const gmail = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `reader${from + i}@gmail.com`)

describe.each([
  { store: "SQLite", settings: stores.sqlite },
  { store: "PostgreSQL", settings: stores.postgres },
])("the mail's health by mailbox provider ($store)", ({ settings }) => {
  it("counts deliveries, hard bounces and complaints by provider over the last 7 days and per announcement, with rates", async () => {
    const location = await settings()
    const db = await storeWithEntry(location)
    const yesterday = new Date(NOW.getTime() - DAY)
    const [gmailComplained] = await mails(db, ["a@gmail.com", "b@GoogleMail.com", "c@gmail.com"], yesterday)
    const [outlookBounced] = await mails(db, ["d@hotmail.co.uk", "e@live.com", "f@msn.com", "g@outlook.de"], yesterday)
    await mails(db, ["h@yahoo.co.jp", "i@aol.com"], yesterday)
    const [refused] = await mails(db, ["j@yahoo.com"], yesterday, "failed")
    await mails(db, ["k@me.com", "l@mac.com", "m@icloud.com", "n@example.org"], yesterday)
    await mails(db, ["old@gmail.com"], new Date(NOW.getTime() - 8 * DAY))
    await countBounce(db, gmailComplained ?? 0, "complaint", "abuse", NOW)
    await countBounce(db, outlookBounced ?? 0, "hard", "550 5.1.1", NOW)
    await countBounce(db, refused ?? 0, "hard", "smtp 550 5.1.1", yesterday)
    const health = await mailHealth(db, NOW)
    expect(health.lastDays).toEqual([
      { provider: "gmail", delivered: 3, hardBounces: 0, complaints: 1, hardBounceRate: 0, complaintRate: 0.3333 },
      { provider: "outlook", delivered: 4, hardBounces: 1, complaints: 0, hardBounceRate: 0.25, complaintRate: 0 },
      { provider: "yahoo", delivered: 2, hardBounces: 1, complaints: 0, hardBounceRate: 0.3333, complaintRate: 0 },
      { provider: "icloud", delivered: 3, hardBounces: 0, complaints: 0, hardBounceRate: 0, complaintRate: 0 },
      { provider: "other", delivered: 1, hardBounces: 0, complaints: 0, hardBounceRate: 0, complaintRate: 0 },
    ])
    await sendingAnnouncement(db, "launch")
    expect((await mailHealth(db, NOW)).announcements).toEqual([
      {
        slug: "launch",
        providers: expect.arrayContaining([
          { provider: "gmail", delivered: 0, hardBounces: 0, complaints: 0, hardBounceRate: null, complaintRate: null },
        ]),
      },
    ])
    let printed = ""
    const run = (args: string[]) =>
      runWaitlistCommand(args, {
        openDb: () => openDb(location),
        now: () => NOW,
        out: (text) => void (printed += text),
        err: (text) => void (printed += text),
      })
    expect(await run(["stats", "--days", "7"])).toBe(0)
    expect(printed).toContain("Mail to visitors by mailbox provider, last 7 days")
    expect(printed).toMatch(/^Gmail\s+3\s+0\s+0\.00%\s+1\s+33\.33%$/m)
    expect(printed).toMatch(/^Outlook\.com\s+4\s+1\s+25\.00%\s+0\s+0\.00%$/m)
    expect(printed).toContain("Announcement launch:")
  })

  it("mails the team once a day when complaints reach 0.1% of the last 1,000 deliveries, and not below 300 delivered", async () => {
    const db = await storeWithEntry(await settings())
    const ids = await mails(db, gmail(299), new Date(NOW.getTime() - DAY))
    await countBounce(db, ids[0] ?? 0, "complaint", "abuse", NOW)
    await guard(db)
    expect(smtp.mails).toEqual([])
    const more = await mails(db, gmail(701, 299), new Date(NOW.getTime() - DAY / 2))
    expect(more).toHaveLength(701)
    await guard(db)
    const [alert] = await smtp.waitForMails(1)
    expect(alert?.envelopeTo).toEqual(["team@storyling.example.com"])
    expect(alert?.parsed.subject).toBe("Spam complaints at 0.1% of the last 1000 mails Storyling delivered")
    await guard(db, new Date(NOW.getTime() + 60_000))
    await guard(db, new Date(NOW.getTime() + 3_600_000))
    expect(smtp.mails).toHaveLength(1)
    await guard(db, new Date(NOW.getTime() + DAY))
    await smtp.waitForMails(2)
  })

  it("pauses every announcement being sent at 0.3% complaints, in plain words and the audit log, and again only after a new one", async () => {
    const db = await storeWithEntry(await settings())
    await sendingAnnouncement(db, "launch")
    const ids = await mails(db, gmail(1000), new Date(NOW.getTime() - DAY))
    for (const id of ids.slice(0, 2)) await countBounce(db, id, "complaint", "abuse", NOW)
    await guard(db)
    expect((await stateOf(db, "launch")).state).toBe("sending")
    await countBounce(db, ids[2] ?? 0, "complaint", "abuse", NOW)
    await guard(db)
    const paused =
      "Paused by the server: 3 of the last 1000 mails delivered were reported as spam (0.3%), at or past Gmail's limit of 0.3%. Find out why people complain before you resume."
    expect(await stateOf(db, "launch")).toEqual({ state: "paused", paused_reason: paused })
    const audit = await db.read((on) =>
      on.selectFrom("admin_audit").select(["action", "actor", "detail"]).orderBy("id").execute(),
    )
    expect(audit.filter((line) => line.action === "announcement-pause")).toEqual([
      { action: "announcement-pause", actor: "the server", detail: `launch: ${paused}` },
    ])
    // The team looked into it and resumed: the same complaints pause nothing again; a new one does.
    await setAnnouncementPaused(db, "launch", false)
    await guard(db, new Date(NOW.getTime() + 60_000))
    expect((await stateOf(db, "launch")).state).toBe("sending")
    await countBounce(db, ids[3] ?? 0, "complaint", "abuse", new Date(NOW.getTime() + 120_000))
    await guard(db, new Date(NOW.getTime() + 180_000))
    expect((await stateOf(db, "launch")).state).toBe("paused")
  })

  it("pauses every announcement being sent when more than 2% of the last mails bounced for good", async () => {
    const db = await storeWithEntry(await settings())
    await sendingAnnouncement(db, "launch")
    const ids = await mails(db, gmail(1000), new Date(NOW.getTime() - DAY))
    for (const id of ids.slice(0, 20)) await countBounce(db, id, "hard", "550 5.1.1", NOW)
    await guard(db)
    expect((await stateOf(db, "launch")).state).toBe("sending")
    await countBounce(db, ids[20] ?? 0, "hard", "550 5.1.1", NOW)
    await guard(db)
    expect(await stateOf(db, "launch")).toEqual({
      state: "paused",
      paused_reason:
        "Paused by the server: 21 of the last 1000 mails bounced because the address does not exist (2.1%), more than 2%. Check where the list's addresses came from before you resume.",
    })
  })
})
