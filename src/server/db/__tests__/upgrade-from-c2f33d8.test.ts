/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { Client } from "pg"
import { EVERY_MIGRATION, migrationsRecorded } from "../../../../test/support/migrations-recorded"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { deliverer } from "../../outbox/deliver"
import { createSendMail } from "../../mails/mail-transport"
import { quietLogger } from "../../../../test/support/test-logger"
import { OutboxWorker } from "../../outbox/outbox-worker"
import { readSettings, type StoreSettings } from "../../settings"
import { linkTokenKey } from "../../entries/link-tokens"
import { deliveryKinds } from "../../assemble"
import { openDb, type Db } from "../db"
import { confirmAddress } from "../../signup/links"
import { countDiscardedSubmissions, countEntries, listEntries } from "../../entries/entry-list"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { canLeave, confirmationState } from "../../signup/links"

/** The fixture: a waitlist written by the version of c2f33d8 itself (see its make-fixture.ts). */
const FIXTURE = path.join(__dirname, "..", "..", "..", "..", "test", "fixtures", "waitlist-c2f33d8")
type Tokens = { confirmToken: string; leaveToken: string }
const links = JSON.parse(fs.readFileSync(path.join(FIXTURE, "links.json"), "utf8")) as Record<
  "sqlite" | "postgres",
  Record<string, Tokens>
>

/** Within the 7 days of the links mailed last (T0 + 5 days) by the fixture's clock. */
const SIX_DAYS_LATER = new Date("2026-11-22T10:00:00.000Z")

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-upgrade-"))
let postgres: PostgresServer
let smtp: SmtpTestServer
beforeAll(async () => {
  ;[postgres, smtp] = await Promise.all([startPostgresServer(), SmtpTestServer.start()])
}, 60_000)
afterAll(async () => {
  await Promise.all([postgres?.stop(), smtp?.down()])
  fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

/** A copy of the fixture in a new place, for each store. */
const copies: Record<"sqlite" | "postgres", () => Promise<StoreSettings>> = {
  sqlite: async () => {
    const file = path.join(dir, `copy-${Date.now()}.sqlite`)
    fs.copyFileSync(path.join(FIXTURE, "waitlist.sqlite"), file)
    return { kind: "sqlite", file }
  },
  postgres: async () => {
    const url = await postgres.createDatabase()
    const client = new Client({ connectionString: url })
    await client.connect()
    await client.query(fs.readFileSync(path.join(FIXTURE, "postgres.sql"), "utf8"))
    await client.end()
    return { kind: "postgres", url }
  },
}

const at = (iso: string) => new Date(iso)

describe.each(["sqlite", "postgres"] as const)(
  "a waitlist written by version c2f33d8, on %s, opened by this version",
  (kind) => {
    let store: Db
    let location: StoreSettings
    const tokens = links[kind]
    const key = (person: string, link: keyof Tokens) => linkTokenKey(tokens[person]?.[link] ?? "")
    beforeAll(async () => {
      location = await copies[kind]()
      store = openDb(location)
    }, 30_000)
    afterAll(() => store?.close())

    it("keeps every entry with its name, address, whole message history and confirmation; the one who left stays gone", async () => {
      const entries = (await listEntries(store)).map(({ name, email, confirmedAt, createdAt, messages }) => ({
        name,
        email,
        confirmedAt,
        createdAt,
        messages: messages.map(({ name: given, message, metadata, submittedAt }) => ({
          given,
          message,
          locale: metadata.locale,
          submittedAt,
        })),
      }))
      expect(entries).toEqual([
        {
          name: "Ana",
          email: "Ana@example.com",
          confirmedAt: at("2026-11-16T11:00:00.000Z"),
          createdAt: at("2026-11-16T10:00:00.000Z"),
          messages: [
            { given: "Ana G.", message: "¿Hay novedades?", locale: "es", submittedAt: at("2026-11-21T20:00:00.000Z") },
            {
              given: "Ana",
              message: "Hola, quiero aprender inglés.",
              locale: "es",
              submittedAt: at("2026-11-16T10:00:00.000Z"),
            },
          ],
        },
        {
          name: "Ben",
          email: "ben@example.org",
          confirmedAt: null,
          createdAt: at("2026-11-21T10:00:00.000Z"),
          messages: [{ given: "Ben", message: "", locale: "en", submittedAt: at("2026-11-21T10:00:00.000Z") }],
        },
        {
          name: "Fay",
          email: "fay@example.com",
          confirmedAt: null,
          createdAt: at("2026-11-21T13:00:00.000Z"),
          messages: [{ given: "Fay", message: "", locale: "pt-br", submittedAt: at("2026-11-21T13:00:00.000Z") }],
        },
        {
          name: "Di 日本",
          email: "di@example.jp",
          confirmedAt: null,
          createdAt: at("2026-11-22T06:00:00.000Z"),
          messages: [
            { given: "Di 日本", message: "物語で学びたい", locale: "ja", submittedAt: at("2026-11-22T06:00:00.000Z") },
          ],
        },
        {
          name: "Eve",
          email: "eve@example.com",
          confirmedAt: null,
          createdAt: at("2026-11-22T08:00:00.000Z"),
          messages: [
            {
              given: "Eve",
              message: "Pending in an earlier form",
              locale: "de",
              submittedAt: at("2026-11-22T08:00:00.000Z"),
            },
          ],
        },
        {
          name: "Gus",
          email: "gus@example.com",
          confirmedAt: null,
          createdAt: at("2026-11-22T09:00:00.000Z"),
          messages: [{ given: "Gus", message: "", locale: "en", submittedAt: at("2026-11-22T09:00:00.000Z") }],
        },
      ])
      expect(await countDiscardedSubmissions(store)).toEqual({ bots: 1, repeats: 0 })
      expect(await canLeave(store, key("cy", "leaveToken"))).toBe(false)
    })

    it("keeps the links of mails already sent: confirm within their 7 days, leave always", async () => {
      expect(await confirmationState(store, key("ben", "confirmToken"), SIX_DAYS_LATER)).toBe("pending")
      expect(await confirmationState(store, key("ben", "confirmToken"), at("2026-11-28T10:00:01.000Z"))).toBe("expired")
      expect(await confirmAddress(store, key("ben", "confirmToken"), SIX_DAYS_LATER, null)).toBe("confirmed")
      expect(await confirmationState(store, key("ana", "confirmToken"), SIX_DAYS_LATER)).toBe("confirmed")
      for (const person of ["ana", "ben", "di", "eve", "gus"])
        expect(await canLeave(store, key(person, "leaveToken"))).toBe(true)
    })

    it("retires, and only retires, the links whose keys predate the token's time (the hash alone), keeping their entry", async () => {
      expect(await canLeave(store, key("fay", "leaveToken"))).toBe(false)
      expect(await confirmationState(store, key("fay", "confirmToken"), SIX_DAYS_LATER)).toBe("expired")
      expect((await listEntries(store)).some((entry) => entry.email === "fay@example.com")).toBe(true)
    })

    it("delivers the mail still pending once, in today's form, and mails nobody already mailed again", async () => {
      smtp.mails.length = 0
      const settings = readSettings({
        SMTP_URL: smtp.url,
        SITE_URL: "https://www.example.com",
        WAITLIST_NOTIFY_TO: "team@example.com",
      })
      const { mail } = settings
      const worker = new OutboxWorker({
        db: store,
        kinds: deliveryKinds(store, settings),
        send: deliverer(createSendMail(mail, quietLogger), mail.webhook),
        leaseMs: 60_000,
        retryBaseMs: 100,
        log: quietLogger,
      })
      worker.start()
      try {
        await smtp.waitForMails(7, 20_000)
        await new Promise((resolve) => setTimeout(resolve, 1500))
      } finally {
        await worker.stop()
      }
      const received = smtp.mails.map(({ parsed, envelopeTo }) => ({
        to: envelopeTo.join(","),
        id: parsed.messageId,
        text: parsed.text ?? "",
      }))
      expect(received.map(({ to }) => to).sort()).toEqual([
        "di@example.jp",
        "eve@example.com",
        "gus@example.com",
        "team@example.com",
        "team@example.com",
        "team@example.com",
        "team@example.com",
      ])
      expect(await deliveriesIn(store, ["pending", "failed"])).toEqual([])
      const to = (address: string) => received.find((mail) => mail.to === address)
      // The earlier forms keep their Message-ID, so a resend would still be recognised as the same mail.
      expect(to("eve@example.com")?.id).toBe("<earlier-confirm@example.com>")
      expect(to("gus@example.com")?.id).toBe("<earlier-rendered@example.com>")
      expect(received.filter((mail) => mail.to === "team@example.com").map((mail) => mail.id)).toContain(
        "<earlier-team@example.com>",
      )
      for (const [person, address] of [
        ["di", "di@example.jp"],
        ["eve", "eve@example.com"],
        ["gus", "gus@example.com"],
      ] as const) {
        expect(to(address)?.text).toContain(`/api/waitlist-confirm?token=${tokens[person]?.confirmToken}`)
        expect(to(address)?.text).toContain(`/api/waitlist-leave?token=${tokens[person]?.leaveToken}`)
      }
      const teamTexts = received.filter((mail) => mail.to === "team@example.com").map((mail) => mail.text)
      for (const message of ["¿Hay novedades?", "物語で学びたい", "Pending in an earlier form"])
        expect(teamTexts.some((text) => text.includes(message))).toBe(true)
      // Di's link, mailed after the upgrade, confirms.
      expect(await confirmAddress(store, key("di", "confirmToken"), SIX_DAYS_LATER, null)).toBe("confirmed")
    }, 40_000)

    it("records each migration once, and opens again without running any twice", async () => {
      const again = openDb(location)
      expect(await countEntries(again)).toBe(6)
      await again.close()
      expect(await migrationsRecorded(location)).toEqual(EVERY_MIGRATION)
    })
  },
)
