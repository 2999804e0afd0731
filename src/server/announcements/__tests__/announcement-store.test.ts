/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { deliveryTag } from "../../bounces/delivery-tags"
import { WaitlistDatabase } from "../../store/waitlist-database"
import type { Delivery } from "../../waitlist/deliveries"
import { linkTokenKey, newLinkToken } from "../../waitlist/link-tokens"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../waitlist/plan-deliveries"
import type { WaitlistStore } from "../../waitlist/waitlist-store"
import { AnnouncementChangedError, type AnnouncementContent, type AnnouncementRecipient } from "../announcement-store"
import { readerLanguage } from "../announcement-service"

const NOW = new Date("2026-12-01T09:00:00.000Z")
const LATER = new Date("2026-12-02T09:00:00.000Z")

const CONTENT: AnnouncementContent = {
  en: { subject: "It is here", preheader: "", body: "Hi {{name}}" },
  es: { subject: "Ya está aquí", preheader: "", body: "Hola {{name}}" },
  ja: { subject: "リリース", preheader: "", body: "{{name}}さん" },
}

/** The key of the leave link of each address's confirmation mail, as signUp made it. */
const leaveKeys = new Map<string, string>()

/** Adds an entry signed up from a page in `locale`, confirmed unless told otherwise; gives its confirmation's token key. */
async function signUp(store: WaitlistStore, email: string, locale: string, confirmed = true) {
  const token = newLinkToken()
  const confirmation = {
    mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
    tokenKey: linkTokenKey(token),
    leaveTokenKey: linkTokenKey(newLinkToken()),
    expiresAt: new Date(NOW.getTime() + CONFIRMATION_TTL_MS),
  }
  const entry = { name: email.split("@")[0] ?? "", email, message: "", metadata: { locale } }
  await store.submit({ entry, discard: false, rateLimit: null, plan: { ...NOTHING_TO_DELIVER, confirmation }, now: NOW })
  if (confirmed) await store.confirm(confirmation.tokenKey, NOW, () => null)
  leaveKeys.set(email, confirmation.leaveTokenKey)
  return confirmation.tokenKey
}

/** Drafts as the service makes them (see sendAnnouncement), naming the reader. */
const mailFor = (content: AnnouncementContent) => (reader: AnnouncementRecipient) => ({
  lang: readerLanguage(content, reader.metadata),
  leaveTokenKey: linkTokenKey(newLinkToken()),
  payload: JSON.stringify({ kind: "announcement", messageId: `<${reader.email}>`, name: reader.name, leaveToken: "t" }),
})

const send = (store: WaitlistStore, slug = "launch", content = CONTENT) => store.announcements.send(slug, content, mailFor(content), NOW)
const claimBulk = (store: WaitlistStore, max = 100) => store.outbox.claim(LATER, 60_000, max, "bulk")
const byRecipient = (deliveries: Delivery[]) => Object.fromEntries(deliveries.map((d) => [d.recipient, d.announcement?.lang]))

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "announcement-store-"))
let postgres: PostgresServer
let files = 0
const opened: WaitlistStore[] = []
beforeAll(async () => {
  postgres = await startPostgresServer()
}, 10 * 60_000)
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close().catch(() => undefined)))
  await postgres?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe.each([
  { name: "SQLite", open: async () => new WaitlistDatabase({ kind: "sqlite", file: path.join(dir, `store-${++files}.sqlite`) }) },
  { name: "PostgreSQL", open: async () => new WaitlistDatabase({ kind: "postgres", url: await postgres.createDatabase() }) },
])("announcements on the $name store", ({ open }) => {
  jest.setTimeout(30_000)
  const newStore = async () => {
    const store = await open()
    opened.push(store)
    return store
  }

  it("queues one mail per confirmed entry, in the language of its sign-up (English where the announcement has none), and none to the unconfirmed", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "es")
    await signUp(store, "ben@example.com", "ja")
    await signUp(store, "cy@example.com", "ca")
    await signUp(store, "dee@example.com", "fr", false)
    expect(await send(store)).toEqual({ queued: { es: 1, ja: 1, en: 1 }, suppressed: 0, state: "sending", pausedReason: null })
    const claimed = await claimBulk(store)
    expect(byRecipient(claimed)).toEqual({ "ana@example.com": "es", "ben@example.com": "ja", "cy@example.com": "en" })
    expect(claimed.find((d) => d.recipient === "ben@example.com")?.announcement).toEqual({ slug: "launch", lang: "ja", ...CONTENT.ja })
    // The lane of confirmations and team mail never claims an announcement's mail.
    expect((await store.outbox.claim(LATER, 60_000, 100, "mail")).map((d) => d.kind)).toEqual(["confirm", "confirm", "confirm", "confirm"])
  })

  it("queues nothing new when sent again, then only the entries confirmed since", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "es")
    const later = await signUp(store, "dee@example.com", "fr", false)
    await send(store)
    expect((await send(store)).queued).toEqual({})
    await store.confirm(later, NOW, () => null)
    expect((await send(store)).queued).toEqual({ en: 1 })
    expect((await claimBulk(store)).map((d) => d.recipient).sort()).toEqual(["ana@example.com", "dee@example.com"])
  })

  it("queues one mail per entry when two sends of one announcement run at once", async () => {
    const store = await newStore()
    for (let i = 0; i < 250; i++) await signUp(store, `reader${i}@example.com`, i % 2 ? "es" : "en")
    const other = await open()
    opened.push(other)
    const outcomes = await Promise.all([send(store), send(other)])
    const total = outcomes.flatMap((outcome) => Object.values(outcome.queued)).reduce((sum, n) => sum + n, 0)
    expect(total).toBe(250)
    const claimed = await claimBulk(store, 1000)
    expect(new Set(claimed.map((d) => d.recipient)).size).toBe(250)
    expect(claimed).toHaveLength(250)
  })

  it("refuses to send an announcement again with another text", async () => {
    const store = await newStore()
    await send(store)
    await expect(send(store, "launch", { ...CONTENT, en: { subject: "Changed", preheader: "", body: "Hi" } })).rejects.toThrow(AnnouncementChangedError)
  })

  it("holds the waiting mails while paused, lets them go on resume, and pauses itself when more than 5 of its last 100 tries failed", async () => {
    const store = await newStore()
    for (let i = 0; i < 10; i++) await signUp(store, `reader${i}@example.com`, "en")
    await send(store)
    expect(await store.announcements.setPaused("launch", true)).toBe(true)
    expect(await claimBulk(store)).toEqual([])
    expect((await store.announcements.progress("launch"))[0]).toMatchObject({ state: "paused", pausedReason: "paused by the operator (`announce pause`)" })
    expect(await store.announcements.setPaused("launch", false)).toBe(true)
    const claimed = await claimBulk(store, 6)
    for (const delivery of claimed.slice(0, 5)) await store.outbox.fail(delivery.id, { error: "421 try later", nextAttemptAt: LATER, now: LATER })
    expect((await store.announcements.progress("launch"))[0]?.state).toBe("sending")
    await store.outbox.fail(claimed[5]?.id ?? 0, { error: "421 try later", nextAttemptAt: LATER, now: LATER })
    const [paused] = await store.announcements.progress("launch")
    expect(paused?.state).toBe("paused")
    expect(paused?.pausedReason).toBe("paused itself: 6 of its last 6 deliveries failed (more than 5 of 100)")
    expect(await claimBulk(store)).toEqual([])
  })

  it("counts sent, failed, bounced, complained and left per language", async () => {
    const store = await newStore()
    for (const [email, locale] of [["a@example.com", "es"], ["b@example.com", "es"], ["c@example.com", "en"], ["d@example.com", "en"], ["e@example.com", "ja"]] as const) await signUp(store, email, locale)
    await send(store)
    const claimed = await claimBulk(store)
    const of = (email: string) => claimed.find((d) => d.recipient === email)?.id ?? 0
    await store.outbox.complete(of("a@example.com"), LATER)
    await store.outbox.fail(of("b@example.com"), { error: "550 5.1.1 unknown", nextAttemptAt: null, now: LATER, bounce: "hard" })
    await store.outbox.complete(of("c@example.com"), LATER)
    expect(await store.bounces.record(of("c@example.com"), "complaint", "feedback-type abuse", LATER)).toEqual({ counted: true, deliveryId: of("c@example.com"), kind: "complaint", suppressed: "complaint" })
    expect(await store.leave(leaveKeys.get("d@example.com") ?? "")).toBe(true)
    expect((await store.announcements.progress("launch"))[0]?.languages).toEqual([
      { lang: "en", queued: 2, sent: 1, failed: 0, bounced: 0, complained: 1, left: 1, waiting: 0 },
      { lang: "es", queued: 2, sent: 1, failed: 1, bounced: 1, complained: 0, left: 0, waiting: 0 },
      { lang: "ja", queued: 1, sent: 0, failed: 0, bounced: 0, complained: 0, left: 0, waiting: 1 },
    ])
  })

  it("suppresses an address that bounced hard: no confirmation, no announcement, its waiting mail cancelled, the export says so; unsuppress lifts it", async () => {
    const store = await newStore()
    await signUp(store, "gone@example.com", "en")
    await signUp(store, "ok@example.com", "en")
    await send(store)
    const gone = (await claimBulk(store)).find((d) => d.recipient === "gone@example.com")
    await store.outbox.fail(gone?.id ?? 0, { error: "Can't send mail - all recipients were rejected: 550 5.1.1 <gone@example.com>: unknown", nextAttemptAt: null, now: LATER, bounce: "hard" })
    expect(await store.bounces.isSuppressed("GONE@example.com")).toBe(true)
    // Its pending confirmation is cancelled, and a new sign-up queues none.
    expect((await store.outbox.list(["failed"])).filter((d) => d.recipient === "gone@example.com").map((d) => d.kind).sort()).toEqual(["announcement", "confirm"])
    await store.submit({
      entry: { name: "Gone", email: "gone@example.com", message: "again", metadata: {} },
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, confirmation: { mail: { kind: "confirm", recipient: "gone@example.com", payload: "{}" }, tokenKey: "k", leaveTokenKey: "l", expiresAt: LATER } },
      now: new Date(NOW.getTime() + 2 * 24 * 3600_000),
    })
    expect((await store.outbox.list(["pending"])).filter((d) => d.recipient === "gone@example.com")).toEqual([])
    // A second announcement leaves it out.
    const second = await store.announcements.send("news", CONTENT, mailFor(CONTENT), NOW)
    expect(second).toMatchObject({ queued: { en: 1 }, suppressed: 1 })
    const entry = (await store.list()).find((e) => e.email === "gone@example.com")
    expect(entry).toMatchObject({ suppressedAt: LATER, suppressedReason: "hard bounce" })
    // What is kept of the refusal names no address.
    expect(JSON.stringify(await store.list())).not.toContain("<gone@example.com>")
    expect(await store.bounces.unsuppress("gone@example.com", LATER)).toBe(true)
    expect(await store.bounces.unsuppress("gone@example.com", LATER)).toBe(false)
    expect((await store.list()).find((e) => e.email === "gone@example.com")?.suppressedAt).toBeNull()
  })

  it("counts each bounce of a delivery once, and suppresses after soft bounces of its last 3 mails", async () => {
    const store = await newStore()
    await signUp(store, "full@example.com", "en")
    const confirmation = (await store.outbox.claim(LATER, 60_000, 10, "mail"))[0]
    await store.outbox.complete(confirmation?.id ?? 0, LATER)
    for (const slug of ["one", "two"]) await store.announcements.send(slug, CONTENT, mailFor(CONTENT), NOW)
    const mails = await claimBulk(store)
    for (const mail of mails) await store.outbox.complete(mail.id, LATER)
    const [first, second] = mails
    expect(await store.bounces.record(confirmation?.id ?? 0, "soft", "status 4.2.2", LATER)).toMatchObject({ counted: true, suppressed: null })
    expect(await store.bounces.record(confirmation?.id ?? 0, "soft", "status 4.2.2", LATER)).toEqual({ counted: false, why: "counted before" })
    expect(await store.bounces.record(first?.id ?? 0, "soft", "status 4.2.2", LATER)).toMatchObject({ counted: true, suppressed: null })
    expect(await store.bounces.isSuppressed("full@example.com")).toBe(false)
    expect(await store.bounces.record(second?.id ?? 0, "soft", "status 5.2.2", LATER)).toMatchObject({ counted: true, suppressed: "soft bounces" })
    expect(await store.bounces.isSuppressed("full@example.com")).toBe(true)
    expect(await store.bounces.record(999_999, "hard", null, LATER)).toEqual({ counted: false, why: "unknown delivery" })
  })

  it("counts an announcement's waiting mails in the bulk lane of the outbox's depth, its paused ones apart, and a claim given back while paused waits for the resume", async () => {
    const store = await newStore()
    for (let i = 0; i < 4; i++) await signUp(store, `depth${i}@example.com`, "en")
    for (const delivery of await store.outbox.claim(LATER, 60_000, 10, "mail")) await store.outbox.complete(delivery.id, LATER)
    await send(store)
    const none = { pending: 0, oldestPendingAt: null }
    expect(await store.outbox.backlog()).toEqual({ pending: 4, oldestPendingAt: NOW, paused: 0, lanes: { mail: none, webhook: none, bulk: { pending: 4, oldestPendingAt: NOW } } })
    const [underWay] = await claimBulk(store, 1)
    expect(await store.announcements.setPaused("launch", true)).toBe(true)
    expect(await store.outbox.backlog()).toEqual({ ...none, paused: 4, lanes: { mail: none, webhook: none, bulk: none } })
    // The try under way is given back at a shutdown: held with the others, and claimed again once resumed.
    await store.outbox.release([underWay as Delivery])
    expect(await claimBulk(store)).toEqual([])
    expect(await store.announcements.setPaused("launch", false)).toBe(true)
    expect((await claimBulk(store)).map((delivery) => delivery.id)).toContain(underWay?.id)
  })

  it("holds a person's announcement mails, bounces and suppression in their record; an erasure takes the mails and bounces and keeps the suppression by its keyed hash alone", async () => {
    const store = await newStore()
    await signUp(store, "Erased@example.com", "es")
    await signUp(store, "stays@example.com", "es")
    await send(store)
    const claimed = await claimBulk(store)
    const erased = claimed.find((d) => d.recipient === "Erased@example.com")
    await store.outbox.complete(erased?.id ?? 0, LATER)
    expect(await store.bounces.record(erased?.id ?? 0, "complaint", "feedback-type abuse", LATER)).toMatchObject({ counted: true, suppressed: "complaint" })
    const record = await store.people.person("erased@EXAMPLE.com")
    expect(record?.announcementMails).toEqual([{ slug: "launch", lang: "es", queuedAt: NOW, sentAt: LATER, outcome: "sent", bouncedAt: null, complainedAt: LATER }])
    expect(record?.suppression).toEqual({ suppressedAt: LATER, reason: "complaint", liftedAt: null })
    expect(record?.bounces).toEqual([{ kind: "complaint", receivedAt: LATER }])
    expect(await store.people.erase("erased@example.com", { accountId: null, label: "command line" }, null, LATER)).toBe(1)
    const after = await store.people.person("erased@example.com")
    expect(after).toMatchObject({ entry: null, announcementMails: [], bounces: [], suppression: { suppressedAt: LATER, reason: "complaint", liftedAt: null } })
    // The announcement forgets the erased reader; the other's mail is untouched; the address stays suppressed if it signs up again.
    expect((await store.announcements.progress("launch"))[0]?.languages).toEqual([{ lang: "es", queued: 1, sent: 0, failed: 0, bounced: 0, complained: 0, left: 0, waiting: 1 }])
    expect(await store.bounces.isSuppressed("erased@example.com")).toBe(true)
  })

  it("names a delivery only by a tag signed with its own key", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "en")
    const [claimed] = await store.outbox.claim(LATER, 60_000, 10, "mail")
    const tag = claimed?.tag ?? ""
    expect(await store.bounces.deliveryOfTag(tag)).toBe(claimed?.id)
    expect(await store.bounces.deliveryOfTag(tag.toUpperCase())).toBe(claimed?.id)
    expect(await store.bounces.deliveryOfTag(deliveryTag("another key", claimed?.id ?? 0))).toBeNull()
    expect(await store.bounces.deliveryOfTag(`${(claimed?.id ?? 0) + 1}${tag.slice(tag.indexOf("-"))}`)).toBeNull()
  })
})
