/**
 * @jest-environment node
 */
import type { Delivery } from "../../waitlist/deliveries"
import { newLinkToken } from "../../waitlist/link-tokens"
import { planSubmission } from "../../waitlist/plan-submission"
import { deliverer } from "../deliver"
import { confirmationLinks, renderDraft, type MailDraft } from "../mail-drafts"
import type { MailMessage } from "../mail-message"
import { readSettings } from "../../settings"

const settings = readSettings({ SITE_URL: "https://www.example.com", WAITLIST_NOTIFY_TO: "team@example.com" }).mail
const entry = { name: "Ana", email: "ana@example.com", message: "¿Hay historias en gallego?", metadata: { locale: "es", timezone: "Europe/Madrid" } }
const written = { name: entry.name, message: entry.message, metadata: entry.metadata }

/** A claimed delivery of a plan's draft, with the message the store hands back beside it. */
const claimed = (draft: { kind: Delivery["kind"]; recipient: string; payload: string }, messages: Delivery["messages"] = []): Delivery => ({
  id: 1,
  ...draft,
  status: "pending",
  attempts: 1,
  nextAttemptAt: new Date("2026-03-01T10:00:00.000Z"),
  lastError: null,
  createdAt: new Date("2026-03-01T10:00:00.000Z"),
  messages,
})

describe("a mail's draft", () => {
  it("stores the team's mail without a copy of the message, and renders it from the stored one", () => {
    const { notify } = planSubmission(entry, settings, new Date())
    expect(notify?.ofMessage).toBe(true)
    expect(notify?.payload).not.toContain("gallego")
    const mail = renderDraft(JSON.parse(notify!.payload), claimed(notify!, [written]), settings)
    expect(mail).toMatchObject({ to: { address: "team@example.com" }, replyTo: { name: "", address: "ana@example.com" }, subject: "Waitlist: a visitor's message, name given “Ana”" })
    expect(mail.text).toContain("¿Hay historias en gallego?")
    expect(mail.text).toContain("Time zone: Europe/Madrid")
  })

  it("stores a confirmation mail's tokens and language, and renders its links from SITE_URL", () => {
    const { confirmation } = planSubmission(entry, settings, new Date())
    const draft = JSON.parse(confirmation!.mail.payload) as MailDraft & { kind: "confirmation" }
    expect(draft.lang).toBe("es")
    const mail = renderDraft(draft, claimed(confirmation!.mail), settings)
    expect(mail.to).toEqual({ name: "", address: "ana@example.com" })
    expect(mail.text).toContain(`https://www.example.com/api/waitlist-confirm?token=${draft.confirmToken}&lang=es`)
    expect(mail.headers["List-Unsubscribe"]).toBe(`<https://www.example.com/api/waitlist-leave?token=${draft.leaveToken}&lang=es>`)
    expect(confirmationLinks(settings.siteUrl, draft, "es").leaveUrl).toBe(`https://www.example.com/api/waitlist-leave?token=${draft.leaveToken}&lang=es`)
  })
})

describe("a try at a mail", () => {
  it("fails for good, sending nothing, when its draft cannot be rendered", async () => {
    const sent: MailMessage[] = []
    const tryOnce = deliverer(async (mail) => {
      sent.push(mail)
    }, settings)
    const orphan = claimed({ kind: "notify", recipient: "team@example.com", payload: JSON.stringify({ kind: "team", messageId: "<x@example.com>", email: "ana@example.com" }) })
    expect(await tryOnce(orphan)).toEqual({ ok: false, permanent: true, error: "cannot write the mail: the message this mail tells of is no longer stored" })
    expect(await tryOnce(claimed({ kind: "confirm", recipient: "ana@example.com", payload: "{not json" }))).toMatchObject({ ok: false, permanent: true })
    expect(sent).toEqual([])
    const token = newLinkToken()
    const draft = { kind: "confirmation", messageId: "<y@example.com>", name: "Ana", lang: "en", confirmToken: token, leaveToken: token }
    expect(await tryOnce(claimed({ kind: "confirm", recipient: "ana@example.com", payload: JSON.stringify(draft) }))).toEqual({ ok: true })
    expect(sent.map((mail) => mail.messageId)).toEqual(["<y@example.com>"])
  })
})
