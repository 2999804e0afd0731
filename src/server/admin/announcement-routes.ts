/**
 * The admin's routes of announcements, under /api/admin/announcements: each
 * translates HTTP to a call of the announcement service, which the
 * `npm run waitlist -- announce` commands call too (owner, marketing).
 */
import { isLanguageCode } from "../../i18n/languages"
import { validateContact } from "../../waitlist/contact-rules"
import { announcementSlugs } from "../announcements/announcement-files"
import {
  AnnouncementNotReadyError,
  announcementAudience,
  announcementSummary,
  listAnnouncements,
  pauseAnnouncement,
  previewMails,
  sendAnnouncement,
  SuppressedAddressError,
  testAnnouncement,
  type AnnouncementIo,
} from "../announcements/announcement-service"
import { AnnouncementChangedError } from "../announcements/announcement-store"
import { json } from "../http/web-handler"
import { StoreUnavailableError } from "../waitlist/waitlist-store"
import type { AdminCall } from "./admin-handler"
import { readBodyFields, textField } from "./admin-request"
import { clientOf } from "./login"

/** The longest path after /api/admin/announcements/ read: a name of 64 characters, an action and a language. */
const MAX_REST = 100

/**
 * The policy of a preview: nothing may load or run (no script, no image,
 * no font, no connection), only its inline styles apply, it may be framed
 * by the admin's own pages alone, and `sandbox` gives it an opaque origin
 * with scripts, forms, pop-ups and top navigation off even when it is
 * opened on its own, outside the admin's sandboxed frame.
 */
export const PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox"

const notFound = (error: string) => json(404, { error })
const NO_SUCH_ROUTE = "There is no such admin route."

/** What a POST may do to an announcement. */
const ACTIONS = ["test", "send", "pause", "resume"] as const
type Action = (typeof ACTIONS)[number]

/** The service's I/O on this request's store. */
const ioOf = ({ context }: AdminCall): AnnouncementIo => ({ ...context.announcements, store: context.store() })

/** Who the audit log names: the account, from the client's address. */
const byOf = ({ request, client, context, account }: AdminCall) => ({ actor: { accountId: account.id, label: account.email }, ip: clientOf(request, client, context).ip })

/**
 * The parts of the path after /api/admin/announcements/, its first the
 * name of an announcement of the folder; null (a 404) for a path too long
 * or naming none. Nothing is decoded: a name is plain lower-case letters,
 * digits and hyphens, so an encoded one names nothing.
 */
function partsOf(call: AdminCall): { slug: string; rest: string[] } | null {
  if (call.rest.length > MAX_REST) return null
  const [slug = "", ...rest] = call.rest.split("/")
  return announcementSlugs(call.context.announcements.dir).includes(slug) ? { slug, rest } : null
}

/** The answer to an announcement whose files have problems, or that changed since it was sent; other errors go on. */
function refusal(error: unknown, slug: string): Response {
  if (error instanceof AnnouncementNotReadyError) return json(422, { error: `${slug} cannot be used as it is written: fix its files first.`, problems: error.problems })
  if (error instanceof AnnouncementChangedError) return json(409, { error: error.message })
  throw error
}

/**
 * GET /api/admin/announcements: every announcement of the folder with its
 * languages, problems and progress; /<name>: one of them; /<name>/audience:
 * whom a send would reach now, per language; /<name>/preview/<lang>: the
 * HTML of that language's mail, to be shown in a sandboxed frame.
 */
async function read(call: AdminCall): Promise<Response> {
  if (call.rest === "") return json(200, { announcements: await listAnnouncements(ioOf(call)) })
  const parts = partsOf(call)
  if (!parts) return notFound("There is no announcement of that name in the announcements' folder.")
  const { slug, rest } = parts
  try {
    if (rest.length === 0) return json(200, await announcementSummary(ioOf(call), slug))
    if (rest.length === 1 && rest[0] === "audience") return json(200, await announcementAudience(ioOf(call), slug))
    if (rest.length === 2 && rest[0] === "preview") return preview(call, slug, rest[1] ?? "")
  } catch (error) {
    return refusal(error, slug)
  }
  return notFound(NO_SUCH_ROUTE)
}

/** One language's mail of an announcement as HTML under PREVIEW_POLICY, for the admin's sandboxed frame. */
function preview(call: AdminCall, slug: string, lang: string): Response {
  const found = isLanguageCode(lang) ? previewMails(ioOf(call), slug, lang)[0] : undefined
  if (!found) return notFound(`${slug} has no version in that language.`)
  return new Response(found.mail.html ?? "", {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": PREVIEW_POLICY,
      // The site's DENY, relaxed for this route alone, so the admin's own page may frame it.
      "X-Frame-Options": "SAMEORIGIN",
      "Content-Disposition": `inline; filename="${slug}.${lang}.html"`,
      "Cross-Origin-Resource-Policy": "same-origin",
      "Referrer-Policy": "no-referrer",
    },
  })
}

/**
 * POST /api/admin/announcements/<name>/test `{to}`: every language's
 * version to one address; /send: one mail for each confirmed entry that
 * has none yet; /pause and /resume. Each is in the audit log.
 */
async function act(call: AdminCall): Promise<Response> {
  const parts = partsOf(call)
  if (!parts) return notFound("There is no announcement of that name in the announcements' folder.")
  const { slug, rest } = parts
  const action = rest.length === 1 ? ACTIONS.find((name) => name === rest[0]) : undefined
  if (!action) return notFound(NO_SUCH_ROUTE)
  try {
    return await perform(call, slug, action)
  } catch (error) {
    return refusal(error, slug)
  }
}

async function perform(call: AdminCall, slug: string, action: Action): Promise<Response> {
  const io = ioOf(call)
  if (action === "send") return json(200, await sendAnnouncement(io, slug, byOf(call)))
  if (action === "pause" || action === "resume") {
    const paused = action === "pause"
    if (await pauseAnnouncement(io, slug, paused, byOf(call))) return json(200, { state: paused ? "paused" : "sending" })
    return json(409, { error: `${slug} has not been sent, or is ${paused ? "paused" : "sending"} already.` })
  }
  const body = await readBodyFields(call.request)
  if ("refused" in body) return body.refused
  const typed = textField(body.fields, "to", 1024) ?? ""
  const to = typed.trim()
  if (validateContact({ name: "-", email: to }).email) {
    const error = "Give one e-mail address, such as you@example.com."
    return json(422, { error, fields: { to: error } })
  }
  try {
    return json(200, { to, sent: await testAnnouncement(io, slug, to, byOf(call)) })
  } catch (error) {
    if (error instanceof SuppressedAddressError) {
      const message = "This address is suppressed after a bounce or a complaint: it gets no mail. `npm run waitlist -- unsuppress` lifts it."
      return json(422, { error: message, fields: { to: message } })
    }
    if (error instanceof AnnouncementNotReadyError || error instanceof StoreUnavailableError) throw error
    call.context.log.warn({ reqId: call.client.requestId, cause: (error as Error).message }, "admin: a test of an announcement could not be sent")
    return json(502, { error: `The test could not be sent: the mail server said “${(error as Error).message.split("\n")[0]?.slice(0, 300)}”. Check SMTP_URL and the outbox, then try again.` })
  }
}

/** The routes of announcements, by method (see adminHandler). */
export const announcementRoutes = {
  announcements: { GET: { area: "announcements", handle: read }, POST: { area: "announcements", handle: act } },
} as const
