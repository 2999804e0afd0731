import { COMMAND_LINE } from "../../src/server/audit/audit-log"
import type { Db } from "../../src/server/db/db"
import { deliveriesIn } from "../../src/server/outbox/outbox-queries"
import { erasePerson } from "../../src/server/people/erasure"
import { NOTHING_TO_DELIVER } from "../../src/server/signup/confirmation-rules"
import { countDiscardedSubmissions, countEntries, listEntries } from "../../src/server/entries/entry-list"
import { submitSignup, type NewWaitlistEntry } from "../../src/server/signup/sign-up"
import { claim, complete, messagesIn, writtenText } from "./outbox-access"
import { describeOutboxBehaviour } from "./waitlist-outbox-behaviour"
import { discardEntry, saveEntry } from "./waitlist-store-access"

/** An entry as the first schema held it: one row per address, its newest message in place. */
export type FirstSchemaRow = {
  name: string
  email: string
  message: string
  metadata: string
  createdAt: string
  updatedAt: string
}

/** How a behaviour suite reaches one kind of store. */
export type StoreFactory = {
  /** A new, empty place for a store (a file path or a database URL). */
  newLocation: () => Promise<string>
  /** Opens the database at a place, as the server and the CLI do. */
  open: (location: string) => Db
  /** Writes a store of the first schema with these rows at a place, as a deployment from before the second holds it. */
  writeFirstSchema: (location: string, rows: FirstSchemaRow[]) => Promise<void>
}

const ana: NewWaitlistEntry = {
  name: "Ana",
  email: "ana@example.com",
  message: "Hola",
  metadata: { language: "es", utm: { source: "newsletter" } },
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The behaviour every WaitlistStore must have, run by each store's test file
 * against a real database: saving, one entry per address, removal, reopening
 * and concurrent saves.
 */
export function describeWaitlistStoreBehaviour({ newLocation, open, writeFirstSchema }: StoreFactory): void {
  let opened: Db[] = []
  const openNew = async () => {
    const location = await newLocation()
    const reopen = () => {
      const store = open(location)
      opened.push(store)
      return store
    }
    return { store: reopen(), reopen }
  }

  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close().catch(() => undefined)))
    opened = []
  })

  it("counts and lists the entries it saved, oldest first, exactly as given", async () => {
    const { store } = await openNew()
    const bob = { name: "Bob \u{1F600}", email: "bob@example.org", message: 'Line 1\nLine "2", ok', metadata: {} }
    await saveEntry(store, ana)
    await pause(5)
    await saveEntry(store, bob)
    expect(await countEntries(store)).toBe(2)
    const entries = await listEntries(store)
    expect(entries.map(({ name, email, message, metadata }) => ({ name, email, message, metadata }))).toEqual([
      ana,
      bob,
    ])
    for (const entry of entries) {
      expect(entry.createdAt).toBeInstanceOf(Date)
      expect(entry.updatedAt).toEqual(entry.createdAt)
    }
  })

  it("keeps one entry for an address written in another case and with spaces around it: the first name and address, every message newest first", async () => {
    const { store } = await openNew()
    await saveEntry(store, ana)
    const [first] = await listEntries(store)
    await pause(20)
    await saveEntry(store, {
      name: "Ana B",
      email: "  ANA@Example.COM ",
      message: "Second try",
      metadata: { language: "pt" },
    })
    expect(await countEntries(store)).toBe(1)
    const [entry] = await listEntries(store)
    expect(entry).toMatchObject({
      name: "Ana",
      email: "ana@example.com",
      message: "Second try",
      metadata: { language: "pt" },
    })
    expect(entry?.messages.map(({ name, message, metadata }) => ({ name, message, metadata }))).toEqual([
      { name: "Ana B", message: "Second try", metadata: { language: "pt" } },
      { name: "Ana", message: "Hola", metadata: ana.metadata },
    ])
    expect(entry?.createdAt).toEqual(first?.createdAt)
    expect(entry?.updatedAt.getTime()).toBeGreaterThan(first?.createdAt.getTime() ?? Infinity)
    expect(entry?.updatedAt).toEqual(entry?.messages[0]?.submittedAt)
  })

  it("takes an address that only looks like another (KELVIN SIGN, full-width letters) for that address, never rewriting its name or address", async () => {
    const { store } = await openNew()
    await saveEntry(store, { ...ana, name: "Kate", email: "kate@example.com" })
    await saveEntry(store, { ...ana, name: "Mallory", email: "\u212Aate@example.com", message: "took over?" })
    await saveEntry(store, { ...ana, name: "Mallory", email: "ｋａｔｅ@ｅｘａｍｐｌｅ.com", message: "again?" })
    const entries = await listEntries(store)
    expect(entries.map(({ name, email }) => ({ name, email }))).toEqual([{ name: "Kate", email: "kate@example.com" }])
    expect(entries[0]?.messages.map((message) => message.message)).toEqual(["again?", "took over?", "Hola"])
  })

  it("stores an internationalized domain in one form, whether it came as Unicode or as punycode", async () => {
    const { store } = await openNew()
    await saveEntry(store, { ...ana, email: "jurgen@xn--bcher-kva.de" })
    await saveEntry(store, { ...ana, email: "jurgen@BÜCHER.de" })
    expect((await listEntries(store)).map((entry) => entry.email)).toEqual(["jurgen@bücher.de"])
    expect(await erasePerson(store, "JURGEN@bücher.DE", COMMAND_LINE, null, new Date())).toBe(1)
  })

  it("writes a discarded entry nowhere, only counts it", async () => {
    const { store } = await openNew()
    await saveEntry(store, ana)
    await discardEntry(store, { ...ana, name: "Bot", message: "spam" })
    await discardEntry(store, { ...ana, email: "bot@example.com" })
    expect(await countEntries(store)).toBe(1)
    expect(await countDiscardedSubmissions(store)).toEqual({ bots: 2, repeats: 0 })
    expect((await listEntries(store))[0]?.messages.map((message) => message.message)).toEqual(["Hola"])
  })

  it("keeps 10 messages of one address a day; past them a sign-up is counted and thrown away with no mail, and the entry is left as it was", async () => {
    const { store } = await openNew()
    const day = Date.parse("2026-11-20T08:00:00.000Z")
    const notify = {
      kind: "notify" as const,
      recipient: "team@example.com",
      payload: JSON.stringify({ kind: "team", messageId: "<team-1@example.com>", email: ana.email }),
      ofMessage: true,
    }
    const submit = (message: string, at: number) =>
      submitSignup(store, {
        entry: { ...ana, message },
        discard: false,
        rateLimit: null,
        plan: { ...NOTHING_TO_DELIVER, notify },
        now: new Date(at),
      })
    for (let i = 1; i <= 10; i++)
      expect(await submit(`message ${i}`, day + i * 60_000)).toMatchObject({ accepted: true })
    expect(await submit("message 11", day + 11 * 60_000)).toEqual({ accepted: true, takenAs: "repeat_discarded" })
    const [entry] = await listEntries(store)
    expect(entry?.messages).toHaveLength(10)
    expect(entry?.message).toBe("message 10")
    expect(entry?.updatedAt).toEqual(new Date(day + 10 * 60_000))
    expect(await countDiscardedSubmissions(store)).toEqual({ bots: 0, repeats: 1 })
    // Each of the ten has a team mail of its own; the eleventh is in none.
    const teamMails = await claim(store, new Date(day + 12 * 60_000), 60_000, 20)
    const said = Array.from({ length: 11 }, (_, i) => `message ${i + 1}`)
    expect(teamMails.map((teamMail) => messagesIn(writtenText(teamMail), said))).toEqual(
      said.slice(0, 10).map((message) => [message]),
    )
    for (const teamMail of teamMails) await complete(store, teamMail.delivery, new Date(day + 12 * 60_000))
    // A day after the first of the ten, one more may be left.
    expect(await submit("next day", day + 24 * 3_600_000 + 90_000)).toEqual({ accepted: true, takenAs: "repeat" })
    expect((await listEntries(store))[0]?.messages.map((message) => message.message).slice(0, 2)).toEqual([
      "next day",
      "message 10",
    ])
    expect((await deliveriesIn(store, ["pending"])).map((delivery) => delivery.kind)).toEqual(["notify"])
  })

  it("refuses a database of the first schema, which only version c2f33d8 can take over, with one line saying so, and changes nothing", async () => {
    const location = await newLocation()
    const row = {
      name: "Kate",
      email: "kate@example.com",
      message: "first",
      metadata: "{}",
      createdAt: "2025-06-01T10:00:00.000Z",
      updatedAt: "2025-06-01T12:00:00.000Z",
    }
    await writeFirstSchema(location, [row])
    const store = open(location)
    opened.push(store)
    await expect(countEntries(store)).rejects.toThrow(
      /schema 1 of a version of the site older than c2f33d8.*open it once with version c2f33d8/,
    )
    await expect(saveEntry(store, ana)).rejects.toThrow(/schema 1/)
  })

  it("removes the entry of an address given in any case, then finds nothing more to remove", async () => {
    const { store } = await openNew()
    await saveEntry(store, ana)
    await saveEntry(store, { ...ana, email: "carla@example.com" })
    await saveEntry(store, { ...ana, message: "again" })
    expect(await erasePerson(store, " ANA@EXAMPLE.COM", COMMAND_LINE, null, new Date())).toBe(1)
    expect(await erasePerson(store, "ana@example.com", COMMAND_LINE, null, new Date())).toBe(0)
    expect((await listEntries(store)).map((entry) => entry.email)).toEqual(["carla@example.com"])
  })

  it("keeps its entries when opened again, and goes on saving", async () => {
    const { store, reopen } = await openNew()
    await saveEntry(store, ana)
    await store.close()
    const again = reopen()
    expect((await listEntries(again)).map((entry) => entry.email)).toEqual(["ana@example.com"])
    await saveEntry(again, { ...ana, email: "dan@example.com" })
    expect(await countEntries(again)).toBe(2)
  })

  it("stores every one of 300 concurrent saves of distinct addresses", async () => {
    const { store } = await openNew()
    const emails = Array.from({ length: 300 }, (_, i) => `person${i}@example.com`)
    await Promise.all(emails.map((email, i) => saveEntry(store, { ...ana, name: `Person ${i}`, email })))
    expect(await countEntries(store)).toBe(300)
    expect(new Set((await listEntries(store)).map((entry) => entry.email))).toEqual(new Set(emails))
  })

  describe("its outbox, confirmations and rate limit", () => describeOutboxBehaviour(openNew))
}
