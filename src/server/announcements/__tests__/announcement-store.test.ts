/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { claim, claimed as claimedIn, complete, fail, tagOf } from "../../../../test/support/outbox-access"
import { createHmac } from "crypto"
import { deliveryOfTag, deliveryTag } from "../../outbox/delivery-tags"
import { openDb } from "../../db/db"
import type { Delivery } from "../../outbox/deliveries"
import { releaseClaims } from "../../outbox/outbox-queries"
import { erasePerson } from "../../people/erasure"
import { confirmAddress } from "../../signup/links"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import type { Db } from "../../db/db"
import { AnnouncementChangedError, type AnnouncementContent, type AnnouncementRecipient } from "../announcement-queries"
import { readerLanguage } from "../announcement-service"
import { listEntries } from "../../entries/entry-list"
import { deliveriesIn, outboxDepth } from "../../outbox/outbox-queries"
import { submitSignup } from "../../signup/sign-up"
import { leaveByLink } from "../../signup/links"
import { countBounce, isAddressSuppressed, liftSuppression } from "../../bounces/suppressions"
import {
  announcementAudienceOf,
  announcementProgressOf,
  queueAnnouncement,
  setAnnouncementPaused,
} from "../announcement-queries"
import { personRecord } from "../../people/people-queries"
import { auditLog, BY_COMMAND_LINE } from "../../audit/audit-log"
import { addressHash } from "../../addresses/address-hash"

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
async function signUp(store: Db, email: string, locale: string, confirmed = true) {
  const token = newLinkToken()
  const confirmation = {
    mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
    tokenKey: linkTokenKey(token),
    leaveTokenKey: linkTokenKey(newLinkToken()),
    expiresAt: new Date(NOW.getTime() + CONFIRMATION_TTL_MS),
  }
  const entry = { name: email.split("@")[0] ?? "", email, message: "", metadata: { locale } }
  await submitSignup(store, {
    entry,
    discard: false,
    rateLimit: null,
    plan: { ...NOTHING_TO_DELIVER, confirmation },
    now: NOW,
  })
  if (confirmed) await confirmAddress(store, confirmation.tokenKey, NOW, null)
  leaveKeys.set(email, confirmation.leaveTokenKey)
  return confirmation.tokenKey
}

/** Drafts as the service makes them (see sendAnnouncement), naming the reader. */
const mailFor = (content: AnnouncementContent) => (reader: AnnouncementRecipient) => ({
  lang: readerLanguage(content, reader.metadata),
  leaveTokenKey: linkTokenKey(newLinkToken()),
  payload: JSON.stringify({ kind: "announcement", messageId: `<${reader.email}>`, name: reader.name, leaveToken: "t" }),
})

const send = (store: Db, slug = "launch", content = CONTENT) =>
  queueAnnouncement(store, slug, content, mailFor(content), NOW)
const claimBulk = (store: Db, max = 100) => claimedIn(store, LATER, 60_000, max, "bulk")
/** The language of each claimed mail of an announcement, as the outbox writes it (its subject is its language's). */
const langOfSubject = (subject: string) => Object.entries(CONTENT).find(([, text]) => text.subject === subject)?.[0]
const writtenLanguages = async (store: Db) =>
  Object.fromEntries(
    (await claim(store, LATER, 60_000, 100, "bulk")).map(({ delivery, write }) => {
      const outgoing = write()
      return [delivery.recipient, "mail" in outgoing ? langOfSubject(outgoing.mail.subject) : undefined]
    }),
  )

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "announcement-store-"))
let postgres: PostgresServer
let files = 0
const opened: Db[] = []
beforeAll(async () => {
  postgres = await startPostgresServer()
}, 10 * 60_000)
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close().catch(() => undefined)))
  await postgres?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe.each([
  { name: "SQLite", open: async () => openDb({ kind: "sqlite", file: path.join(dir, `store-${++files}.sqlite`) }) },
  { name: "PostgreSQL", open: async () => openDb({ kind: "postgres", url: await postgres.createDatabase() }) },
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
    expect(await send(store)).toEqual({
      queued: { es: 1, ja: 1, en: 1 },
      suppressed: 0,
      state: "sending",
      pausedReason: null,
    })
    expect(await writtenLanguages(store)).toEqual({
      "ana@example.com": "es",
      "ben@example.com": "ja",
      "cy@example.com": "en",
    })
    // The lane of confirmations and team mail never claims an announcement's mail.
    expect((await claimedIn(store, LATER, 60_000, 100, "mail")).map((d) => d.kind)).toEqual([
      "confirm",
      "confirm",
      "confirm",
      "confirm",
    ])
  })

  it("queues nothing new when sent again, then only the entries confirmed since", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "es")
    const later = await signUp(store, "dee@example.com", "fr", false)
    await send(store)
    expect((await send(store)).queued).toEqual({})
    await confirmAddress(store, later, NOW, null)
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
    await expect(
      send(store, "launch", { ...CONTENT, en: { subject: "Changed", preheader: "", body: "Hi" } }),
    ).rejects.toThrow(AnnouncementChangedError)
  })

  it("holds the waiting mails while paused, lets them go on resume, and pauses itself when more than 5 of its last 100 tries failed", async () => {
    const store = await newStore()
    for (let i = 0; i < 10; i++) await signUp(store, `reader${i}@example.com`, "en")
    await send(store)
    expect(await setAnnouncementPaused(store, "launch", true)).toBe(true)
    expect(await claimBulk(store)).toEqual([])
    expect((await announcementProgressOf(store, "launch"))[0]).toMatchObject({
      state: "paused",
      pausedReason: "Paused by the operator on the command line",
    })
    expect(await setAnnouncementPaused(store, "launch", false)).toBe(true)
    const claimed = await claimBulk(store, 6)
    for (const delivery of claimed.slice(0, 5)) await fail(store, delivery, LATER, "421 try later", false)
    expect((await announcementProgressOf(store, "launch"))[0]?.state).toBe("sending")
    await fail(store, claimed[5] as Delivery, LATER, "421 try later", false)
    const [paused] = await announcementProgressOf(store, "launch")
    expect(paused?.state).toBe("paused")
    expect(paused?.pausedReason).toBe("Paused itself: 6 of its last 6 deliveries failed (more than 5 of 100)")
    expect(await claimBulk(store)).toEqual([])
    // The pause it put itself in is in the audit log, by the server.
    const [line] = (await auditLog(store, 1, 10)).items
    expect(line).toMatchObject({
      action: "announcement-pause",
      actor: "the server",
      ip: null,
      detail: "launch: Paused itself: 6 of its last 6 deliveries failed (more than 5 of 100)",
    })
  })

  it("writes a send's, a pause's and a resume's audit line in their own transactions, and none for a send refused or a pause that changed nothing", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "es")
    const by = { actor: { accountId: null, label: "someone" }, at: NOW, ip: "192.0.2.1" }
    await queueAnnouncement(store, "launch", CONTENT, mailFor(CONTENT), NOW, {
      action: "announcement-send",
      ...by,
      detail: "launch",
    })
    await expect(
      queueAnnouncement(
        store,
        "launch",
        { ...CONTENT, en: { subject: "Changed", preheader: "", body: "Hi" } },
        mailFor(CONTENT),
        NOW,
        { action: "announcement-send", ...by, detail: "changed" },
      ),
    ).rejects.toThrow(AnnouncementChangedError)
    expect(
      await setAnnouncementPaused(store, "launch", true, {
        reason: "held",
        audit: { action: "announcement-pause", ...by, detail: "launch" },
      }),
    ).toBe(true)
    expect(
      await setAnnouncementPaused(store, "launch", true, {
        audit: { action: "announcement-pause", ...by, detail: "again" },
      }),
    ).toBe(false)
    expect(
      await setAnnouncementPaused(store, "never", false, {
        audit: { action: "announcement-resume", ...by, detail: "never" },
      }),
    ).toBe(false)
    expect((await announcementProgressOf(store, "launch"))[0]?.pausedReason).toBe("held")
    const lines = (await auditLog(store, 1, 10)).items.map(({ action, actor, detail, ip }) => ({
      action,
      actor,
      detail,
      ip,
    }))
    expect(lines).toEqual([
      { action: "announcement-pause", actor: "someone", detail: "launch", ip: "192.0.2.1" },
      { action: "announcement-send", actor: "someone", detail: "launch", ip: "192.0.2.1" },
    ])
  })

  it("counts whom a send would reach, per language, without queueing: every confirmed entry at first, then those confirmed since, the suppressed apart", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "es")
    await signUp(store, "ben@example.com", "ja")
    await signUp(store, "cy@example.com", "ca")
    const later = await signUp(store, "dee@example.com", "fr", false)
    const languageOf = (metadata: Record<string, unknown>) => readerLanguage(CONTENT, metadata)
    expect(await announcementAudienceOf(store, "launch", languageOf)).toEqual({
      readers: { es: 1, ja: 1, en: 1 },
      suppressed: 0,
    })
    expect(await deliveriesIn(store, ["pending"])).not.toContainEqual(expect.objectContaining({ kind: "announcement" }))
    await send(store)
    expect(await announcementAudienceOf(store, "launch", languageOf)).toEqual({ readers: {}, suppressed: 0 })
    await confirmAddress(store, later, NOW, null)
    const [confirmation] = (await claimedIn(store, LATER, 60_000, 100, "mail")).filter(
      (d) => d.recipient === "ben@example.com",
    )
    await countBounce(store, confirmation?.id ?? 0, "complaint", null, LATER)
    expect(await announcementAudienceOf(store, "launch", languageOf)).toEqual({ readers: { en: 1 }, suppressed: 0 })
    expect(await announcementAudienceOf(store, "news", languageOf)).toEqual({
      readers: { es: 1, en: 2 },
      suppressed: 1,
    })
  })

  it("counts sent, failed, bounced, complained and left per language", async () => {
    const store = await newStore()
    for (const [email, locale] of [
      ["a@example.com", "es"],
      ["b@example.com", "es"],
      ["c@example.com", "en"],
      ["d@example.com", "en"],
      ["e@example.com", "ja"],
    ] as const)
      await signUp(store, email, locale)
    await send(store)
    const claimed = await claimBulk(store)
    const delivery = (email: string) => claimed.find((d) => d.recipient === email) as Delivery
    const of = (email: string) => delivery(email).id
    await complete(store, delivery("a@example.com"), LATER)
    await fail(store, delivery("b@example.com"), LATER, "550 5.1.1 unknown", true, "hard")
    await complete(store, delivery("c@example.com"), LATER)
    expect(await countBounce(store, of("c@example.com"), "complaint", "feedback-type abuse", LATER)).toEqual({
      counted: true,
      deliveryId: of("c@example.com"),
      kind: "complaint",
      suppressed: "complaint",
    })
    expect(await leaveByLink(store, leaveKeys.get("d@example.com") ?? "")).toBe(true)
    expect((await announcementProgressOf(store, "launch"))[0]?.languages).toEqual([
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
    await fail(
      store,
      gone as Delivery,
      LATER,
      "Can't send mail - all recipients were rejected: 550 5.1.1 <gone@example.com>: unknown",
      true,
      "hard",
    )
    expect(await isAddressSuppressed(store, "GONE@example.com")).toBe(true)
    // Its pending confirmation is cancelled, and a new sign-up queues none.
    expect(
      (await deliveriesIn(store, ["failed"]))
        .filter((d) => d.recipient === "gone@example.com")
        .map((d) => d.kind)
        .sort(),
    ).toEqual(["announcement", "confirm"])
    await submitSignup(store, {
      entry: { name: "Gone", email: "gone@example.com", message: "again", metadata: {} },
      discard: false,
      rateLimit: null,
      plan: {
        ...NOTHING_TO_DELIVER,
        confirmation: {
          mail: { kind: "confirm", recipient: "gone@example.com", payload: "{}" },
          tokenKey: "k",
          leaveTokenKey: "l",
          expiresAt: LATER,
        },
      },
      now: new Date(NOW.getTime() + 2 * 24 * 3600_000),
    })
    expect((await deliveriesIn(store, ["pending"])).filter((d) => d.recipient === "gone@example.com")).toEqual([])
    // A second announcement leaves it out.
    const second = await queueAnnouncement(store, "news", CONTENT, mailFor(CONTENT), NOW)
    expect(second).toMatchObject({ queued: { en: 1 }, suppressed: 1 })
    const entry = (await listEntries(store)).find((e) => e.email === "gone@example.com")
    expect(entry).toMatchObject({ suppressedAt: LATER, suppressedReason: "hard bounce" })
    // What is kept of the refusal names no address.
    expect(JSON.stringify(await listEntries(store))).not.toContain("<gone@example.com>")
    expect(await liftSuppression(store, "gone@example.com", BY_COMMAND_LINE, LATER)).toBe(true)
    expect(await liftSuppression(store, "gone@example.com", BY_COMMAND_LINE, LATER)).toBe(false)
    expect((await listEntries(store)).find((e) => e.email === "gone@example.com")?.suppressedAt).toBeNull()
    // The lift is in the audit log once, by the command line, naming the address by its keyed hash alone.
    const hash = await store.read(async () => addressHash(store, "gone@example.com"))
    const lifts = (await auditLog(store, 1, 50, [hash])).items.filter((line) => line.action === "unsuppress")
    expect(lifts.map(({ actor, at, ip, subjectHash }) => ({ actor, at, ip, subjectHash }))).toEqual([
      { actor: "command line", at: LATER, ip: null, subjectHash: hash },
    ])
  })

  it("counts each bounce of a delivery once, and suppresses after soft bounces of its last 3 mails", async () => {
    const store = await newStore()
    await signUp(store, "full@example.com", "en")
    const confirmation = (await claimedIn(store, LATER, 60_000, 10, "mail"))[0]
    await complete(store, confirmation as Delivery, LATER)
    for (const slug of ["one", "two"]) await queueAnnouncement(store, slug, CONTENT, mailFor(CONTENT), NOW)
    const mails = await claimBulk(store)
    for (const mail of mails) await complete(store, mail, LATER)
    const [first, second] = mails
    expect(await countBounce(store, confirmation?.id ?? 0, "soft", "status 4.2.2", LATER)).toMatchObject({
      counted: true,
      suppressed: null,
    })
    expect(await countBounce(store, confirmation?.id ?? 0, "soft", "status 4.2.2", LATER)).toEqual({
      counted: false,
      why: "counted before",
    })
    expect(await countBounce(store, first?.id ?? 0, "soft", "status 4.2.2", LATER)).toMatchObject({
      counted: true,
      suppressed: null,
    })
    expect(await isAddressSuppressed(store, "full@example.com")).toBe(false)
    expect(await countBounce(store, second?.id ?? 0, "soft", "status 5.2.2", LATER)).toMatchObject({
      counted: true,
      suppressed: "soft bounces",
    })
    expect(await isAddressSuppressed(store, "full@example.com")).toBe(true)
    expect(await countBounce(store, 999_999, "hard", null, LATER)).toEqual({ counted: false, why: "unknown delivery" })
  })

  it("counts an announcement's waiting mails in the bulk lane of the outbox's depth, its paused ones apart, and a claim given back while paused waits for the resume", async () => {
    const store = await newStore()
    for (let i = 0; i < 4; i++) await signUp(store, `depth${i}@example.com`, "en")
    for (const delivery of await claimedIn(store, LATER, 60_000, 10, "mail")) await complete(store, delivery, LATER)
    await send(store)
    const none = { pending: 0, oldestPendingAt: null }
    expect(await outboxDepth(store)).toEqual({
      pending: 4,
      oldestPendingAt: NOW,
      paused: 0,
      lanes: { mail: none, webhook: none, bulk: { pending: 4, oldestPendingAt: NOW } },
    })
    const [underWay] = await claimBulk(store, 1)
    expect(await setAnnouncementPaused(store, "launch", true)).toBe(true)
    expect(await outboxDepth(store)).toEqual({ ...none, paused: 4, lanes: { mail: none, webhook: none, bulk: none } })
    // The try under way is given back at a shutdown: held with the others, and claimed again once resumed.
    await store.write((trx) => releaseClaims(trx, [underWay as Delivery]))
    expect(await claimBulk(store)).toEqual([])
    expect(await setAnnouncementPaused(store, "launch", false)).toBe(true)
    expect((await claimBulk(store)).map((delivery) => delivery.id)).toContain(underWay?.id)
  })

  it("holds a person's announcement mails, bounces and suppression in their record; an erasure takes the mails and bounces and keeps the suppression by its keyed hash alone", async () => {
    const store = await newStore()
    await signUp(store, "Erased@example.com", "es")
    await signUp(store, "stays@example.com", "es")
    await send(store)
    const claimed = await claimBulk(store)
    const erased = claimed.find((d) => d.recipient === "Erased@example.com")
    await complete(store, erased as Delivery, LATER)
    expect(await countBounce(store, erased?.id ?? 0, "complaint", "feedback-type abuse", LATER)).toMatchObject({
      counted: true,
      suppressed: "complaint",
    })
    const record = await personRecord(store, "erased@EXAMPLE.com")
    expect(record?.announcementMails).toEqual([
      {
        slug: "launch",
        lang: "es",
        queuedAt: NOW,
        sentAt: LATER,
        outcome: "sent",
        bouncedAt: null,
        complainedAt: LATER,
      },
    ])
    expect(record?.suppression).toEqual({ suppressedAt: LATER, reason: "complaint", liftedAt: null })
    expect(record?.bounces).toEqual([{ kind: "complaint", receivedAt: LATER }])
    expect(
      await erasePerson(store, "erased@example.com", { accountId: null, label: "command line" }, null, LATER),
    ).toBe(1)
    const after = await personRecord(store, "erased@example.com")
    expect(after).toMatchObject({
      entry: null,
      announcementMails: [],
      bounces: [],
      suppression: { suppressedAt: LATER, reason: "complaint", liftedAt: null },
    })
    // The announcement forgets the erased reader; the other's mail is untouched; the address stays suppressed if it signs up again.
    expect((await announcementProgressOf(store, "launch"))[0]?.languages).toEqual([
      { lang: "es", queued: 1, sent: 0, failed: 0, bounced: 0, complained: 0, left: 0, waiting: 1 },
    ])
    expect(await isAddressSuppressed(store, "erased@example.com")).toBe(true)
  })

  it("names a delivery only by a tag signed with its own key", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "en")
    const [claimed] = await claimedIn(store, LATER, 60_000, 10, "mail")
    const tag = await tagOf(store, claimed?.id ?? 0)
    const named = (given: string) => store.read(async () => deliveryOfTag(store.secret("bounce_key"), given))
    expect(await named(tag)).toBe(claimed?.id)
    expect(await named(tag.toUpperCase())).toBe(claimed?.id)
    expect(await named(deliveryTag("another key", claimed?.id ?? 0))).toBeNull()
    // Any digit changed names nothing.
    for (let i = 0; i < tag.length; i++)
      expect(await named(`${tag.slice(0, i)}${tag[i] === "0" ? "1" : "0"}${tag.slice(i + 1)}`)).toBeNull()
  })

  it("tells a recipient nothing of how many mails went before: the tags of successive deliveries show no order and hold no id", () => {
    const key = "a key the database made"
    const ids = Array.from({ length: 50 }, (_, i) => 1000 + i)
    const tags = ids.map((id) => deliveryTag(key, id))
    for (const [i, tag] of tags.entries()) {
      expect(tag).toMatch(/^[0-9a-f]{32}$/)
      expect(tag).not.toContain(String(ids[i]))
      expect(deliveryOfTag(key, tag)).toBe(ids[i])
    }
    expect([...tags].sort()).not.toEqual(tags)
    expect(new Set(tags.map((tag) => tag.slice(0, 8))).size).toBe(50)
  })

  it("still names the deliveries of mails sent with the earlier tags, `<id>-<signature>`, and no forged one", async () => {
    const store = await newStore()
    await signUp(store, "ana@example.com", "en")
    const [claimed] = await claimedIn(store, LATER, 60_000, 10, "mail")
    const id = claimed?.id ?? 0
    const key = await store.read(async () => store.secret("bounce_key"))
    const earlier = `${id}-${createHmac("sha256", key).update(`delivery:${id}`).digest("hex").slice(0, 16)}`
    expect(deliveryOfTag(key, earlier)).toBe(id)
    expect(deliveryOfTag(key, `${id + 1}${earlier.slice(earlier.indexOf("-"))}`)).toBeNull()
    expect(deliveryOfTag(key, `${id}-0123456789abcdef`)).toBeNull()
  })
})
