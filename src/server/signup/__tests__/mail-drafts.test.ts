/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { deliveryKinds } from "../../assemble"
import { openDb, type Db } from "../../db/db"
import type { MailMessage } from "../../mails/mail-message"
import { deliveriesIn, queueDelivery } from "../../outbox/outbox-queries"
import { claimDeliveries, OutboxWorker } from "../../outbox/outbox-worker"
import { KINDS_OF_LANE } from "../../outbox/deliveries"
import { readSettings } from "../../settings"
import { quietLogger } from "../../../../test/support/test-logger"
import type { ConfirmationDraft } from "../confirmation-mail"
import { NOTHING_TO_DELIVER } from "../confirmation-rules"
import { newLinkToken } from "../../entries/link-tokens"
import { confirmationLinks } from "../../entries/mail-links"
import { planSubmission } from "../plan-submission"
import { submitSignup } from "../sign-up"
import { teamMail } from "../team-mail"

const everySetting = readSettings({ SITE_URL: "https://www.example.com", WAITLIST_NOTIFY_TO: "team@example.com" })
const settings = everySetting.mail
const entry = {
  name: "Ana",
  email: "ana@example.com",
  message: "¿Hay historias en gallego?",
  metadata: { locale: "es", timezone: "Europe/Madrid" },
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-drafts-"))
let made = 0
const opened: Db[] = []
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()))
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A new database holding one sign-up of Ana with the mail of `plan`. */
async function signedUp(plan = planSubmission(entry, settings, new Date())) {
  const db = openDb({ kind: "sqlite", file: path.join(dir, `drafts-${(made += 1)}.sqlite`) })
  opened.push(db)
  await submitSignup(db, { entry, discard: false, rateLimit: null, plan, now: new Date() })
  return { db, plan }
}

/** The mail the outbox writes for the claimed delivery of this kind. */
async function writtenMail(db: Db, kind: "notify" | "confirm"): Promise<MailMessage> {
  const claims = await claimDeliveries(
    db,
    deliveryKinds(db, everySetting),
    KINDS_OF_LANE.mail,
    new Date(Date.now() + 1000),
    60_000,
    10,
  )
  const outgoing = claims.find(({ delivery }) => delivery.kind === kind)?.write()
  if (!outgoing || !("mail" in outgoing)) throw new Error(`no ${kind} mail was claimed`)
  return outgoing.mail
}

describe("a mail's draft", () => {
  it("stores the team's mail without a copy of the message, and writes it from the stored one", async () => {
    const { db, plan } = await signedUp()
    expect(plan.notify?.ofMessage).toBe(true)
    expect(plan.notify?.payload).not.toContain("gallego")
    const mail = await writtenMail(db, "notify")
    expect(mail).toMatchObject({
      to: { address: "team@example.com" },
      replyTo: { name: "", address: "ana@example.com" },
      subject: "Waitlist: a visitor's message, name given “Ana”",
    })
    expect(mail.text).toContain("¿Hay historias en gallego?")
    expect(mail.text).toContain("Time zone: Europe/Madrid")
  })

  it("names each parameter of the page's address once: a campaign's by itself, any other as a query parameter", () => {
    const metadata = { utm: { utm_source: "newsletter", utm_campaign: "launch", gclid: "abc" } }
    const lines = teamMail(
      "ana@example.com",
      [{ name: "Ana", message: "Hola", metadata }],
      settings,
      "<id@example.com>",
    ).text.split("\n")
    expect(lines).toEqual(
      expect.arrayContaining(["utm_source: newsletter", "utm_campaign: launch", "Query parameter gclid: abc"]),
    )
    expect(lines.filter((line) => line.includes("utm_source"))).toEqual(["utm_source: newsletter"])
  })

  it("stores a confirmation mail's tokens and language, and writes its links from SITE_URL", async () => {
    const { db, plan } = await signedUp()
    const draft = JSON.parse(plan.confirmation?.mail.payload ?? "{}") as ConfirmationDraft
    expect(draft.lang).toBe("es")
    const mail = await writtenMail(db, "confirm")
    expect(mail.to).toEqual({ name: "", address: "ana@example.com" })
    expect(mail.text).toContain(`https://www.example.com/api/waitlist-confirm?token=${draft.confirmToken}&lang=es`)
    expect(mail.headers["List-Unsubscribe"]).toBe(
      `<https://www.example.com/api/waitlist-leave?token=${draft.leaveToken}&lang=es>`,
    )
    expect(confirmationLinks(settings.siteUrl, draft, "es").leaveUrl).toBe(
      `https://www.example.com/api/waitlist-leave?token=${draft.leaveToken}&lang=es`,
    )
  })
})

describe("a try at a mail", () => {
  it("fails for good, sending nothing, when its draft cannot be written", async () => {
    const { db } = await signedUp({ ...NOTHING_TO_DELIVER, notify: planSubmission(entry, settings, new Date()).notify })
    // The message the team's mail tells of is gone: no try could ever write it.
    await db.write((trx) => trx.deleteFrom("waitlist_messages").execute())
    const token = newLinkToken()
    const draft = {
      kind: "confirmation",
      messageId: "<y@example.com>",
      name: "Ana",
      lang: "en",
      confirmToken: token,
      leaveToken: token,
    }
    await db.write(async (trx) => {
      const { id } = await trx.selectFrom("waitlist_entries").select("id").executeTakeFirstOrThrow()
      await queueDelivery(trx, id, { kind: "confirm", recipient: "ana@example.com", payload: "{not json" }, new Date())
      await queueDelivery(
        trx,
        id,
        { kind: "confirm", recipient: "ana@example.com", payload: JSON.stringify(draft) },
        new Date(),
      )
    })
    const sent: MailMessage[] = []
    const worker = new OutboxWorker({
      db,
      kinds: deliveryKinds(db, everySetting),
      send: async (_delivery, outgoing) => {
        if ("mail" in outgoing) sent.push(outgoing.mail)
        return { ok: true }
      },
      leaseMs: 60_000,
      retryBaseMs: 15_000,
      log: quietLogger,
      pollMs: 50,
    })
    worker.start()
    for (let waited = 0; sent.length === 0 || (await deliveriesIn(db, ["pending"])).length > 0; waited += 50) {
      if (waited > 10_000) throw new Error("the worker never got through the outbox")
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await worker.stop()
    expect((await deliveriesIn(db, ["failed"])).map(({ kind, lastError }) => [kind, lastError])).toEqual([
      ["notify", "cannot write the mail: the message this mail tells of is no longer stored"],
      ["confirm", expect.stringMatching(/^cannot write the mail: /)],
    ])
    expect(sent.map((mail) => mail.messageId)).toEqual(["<y@example.com>"])
  })
})
