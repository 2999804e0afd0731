/**
 * The admin's routes of announcements, under /api/admin/announcements:
 * each translates HTTP to a call of the announcement service, which the
 * `npm run waitlist -- announce` commands call too (owner, marketing).
 */
import type { Request, RequestHandler, Response } from "express"
import { z } from "zod"
import { isLanguageCode } from "../../i18n/languages"
import { emailProblem } from "../../waitlist/contact-rules"
import { adminBody, shortText } from "../admin/admin-body"
import { StoreUnavailableError } from "../db/db"
import { pathParam, queryParam, sendJson } from "../http/answers"
import type { Logger } from "../observability/logger"
import { announcementSlugs } from "./announcement-files"
import { AnnouncementChangedError } from "./announcement-queries"
import type { Wave } from "../../waitlist/wave"
import { waveSchema } from "./wave-schema"
import {
  AnnouncementNotReadyError,
  NoPostalAddressError,
  announcementAudience,
  announcementSummary,
  listAnnouncements,
  NoSuchVersionError,
  pauseAnnouncement,
  previewMails,
  sendAnnouncement,
  SuppressedAddressError,
  TestLimitError,
  testAnnouncement,
  type AnnouncementIo,
} from "./announcement-service"

/**
 * The policy of a preview: nothing may load or run (no script, no image,
 * no font, no connection), only its inline styles apply, it may be framed
 * by the admin's own pages alone, and `sandbox` gives it an opaque origin
 * with scripts, forms, pop-ups and top navigation off even when it is
 * opened on its own, outside the admin's sandboxed frame.
 */
export const PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox"

const NO_SUCH_ANNOUNCEMENT = "There is no announcement of that name in the announcements' folder."

/** What a test send is given: one address. */
const testSchema = z
  .object({ to: shortText(1024).transform((to) => to.trim()) })
  .refine(({ to }) => emailProblem(to) === undefined)

/** Answers an announcement whose files have problems (422), or that changed since it was sent (409); other errors go on. */
function refusal(res: Response, error: unknown, slug: string): void {
  if (error instanceof AnnouncementNotReadyError)
    return sendJson(res, 422, {
      error: `${slug} cannot be used as it is written: fix its files first.`,
      problems: error.problems,
    })
  if (error instanceof AnnouncementChangedError) return sendJson(res, 409, { error: error.message })
  if (error instanceof NoPostalAddressError)
    return sendJson(res, 409, { error: `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}.` })
  if (error instanceof NoSuchVersionError)
    return sendJson(res, 422, { error: error.message, fields: { lang: error.message } })
  throw error
}

/** The handlers of each route that names an announcement. */
type AnnouncementHandlers = Record<
  "summary" | "audience" | "preview" | "test" | "send" | "pause" | "resume",
  RequestHandler
>

/** The handlers of /api/admin/announcements and the routes under it (see the route table). */
export function announcementRoutes(io: AnnouncementIo, log: Logger): { list: RequestHandler } & AnnouncementHandlers {
  /** A handler of the announcement the path's `:name` names: 404 for a name that is none of the folder's, its refusals answered. */
  const ofAnnouncement =
    (step: (req: Request, res: Response, slug: string) => Promise<void> | void): RequestHandler =>
    async (req, res) => {
      const slug = pathParam(req, "name") ?? ""
      if (!announcementSlugs(io.dir).includes(slug)) return sendJson(res, 404, { error: NO_SUCH_ANNOUNCEMENT })
      try {
        await step(req, res, slug)
      } catch (error) {
        refusal(res, error, slug)
      }
    }

  /** One language's mail of an announcement as HTML under PREVIEW_POLICY, for the admin's sandboxed frame. */
  function preview(res: Response, slug: string, lang: string): void {
    const found = isLanguageCode(lang) ? previewMails(io, slug, lang)[0] : undefined
    if (!found) return sendJson(res, 404, { error: `${slug} has no version in that language.` })
    const html = Buffer.from(found.mail.html ?? "")
    res
      .writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(html.length),
        "Cache-Control": "no-store",
        "Content-Security-Policy": PREVIEW_POLICY,
        // The site's DENY, relaxed for this route alone, so the admin's own page may frame it.
        "X-Frame-Options": "SAMEORIGIN",
        "Content-Disposition": `inline; filename="${slug}.${lang}.html"`,
        "Cross-Origin-Resource-Policy": "same-origin",
        "Referrer-Policy": "no-referrer",
      })
      .end(html)
  }

  /** POST …/<name>/test `{to}`: every language's version to one address, in the audit log whether sent or not. */
  async function test(req: Request, res: Response, slug: string): Promise<void> {
    const body = adminBody(req, res)
    if (!body) return
    const fields = testSchema.safeParse(body)
    if (!fields.success) {
      const error = "Give one e-mail address, such as you@example.com."
      return sendJson(res, 422, { error, fields: { to: error } })
    }
    const { to } = fields.data
    try {
      sendJson(res, 200, { to, sent: await testAnnouncement(io, slug, to, res.locals.by) })
    } catch (error) {
      if (error instanceof TestLimitError) {
        return sendJson(
          res,
          429,
          { error: `Not sent: ${error.message}. Try again later.` },
          { "Retry-After": String(error.retryAfterSeconds) },
        )
      }
      if (error instanceof SuppressedAddressError) {
        const message =
          "This address is suppressed after a bounce or a complaint: it gets no mail. `npm run waitlist -- unsuppress` lifts it."
        return sendJson(res, 422, { error: message, fields: { to: message } })
      }
      if (error instanceof AnnouncementNotReadyError || error instanceof StoreUnavailableError) throw error
      log.warn(
        { reqId: res.locals.requestId, cause: (error as Error).message },
        "admin: a test of an announcement could not be sent",
      )
      sendJson(res, 502, {
        error: `The test could not be sent: the mail server said “${(error as Error).message.split("\n")[0]?.slice(0, 300)}”. Check SMTP_URL and the outbox, then try again.`,
      })
    }
  }

  /** The wave a send or an audience is narrowed to: the query's or the body's `first`, `lang`, `platform` and `rewarded`; undefined once a bad one is answered. */
  function waveOf(res: Response, fields: Record<string, unknown>): Wave | undefined {
    const wave = waveSchema.safeParse(fields)
    if (wave.success) return wave.data
    const error =
      "A wave takes the first places from 1 (a whole number), a language code of the site, ios, android or desktop, and a reward's tier."
    sendJson(res, 422, {
      error,
      fields: Object.fromEntries(wave.error.issues.map((issue) => [String(issue.path[0]), error])),
    })
    return undefined
  }

  /** Pauses or resumes a send, in the audit log. */
  async function pause(res: Response, slug: string, paused: boolean): Promise<void> {
    if (await pauseAnnouncement(io, slug, paused, res.locals.by))
      return sendJson(res, 200, { state: paused ? "paused" : "sending" })
    sendJson(res, 409, { error: `${slug} has not been sent, or is ${paused ? "paused" : "sending"} already.` })
  }

  return {
    /** GET /api/admin/announcements: every announcement of the folder with its languages, problems and progress. */
    async list(_req, res) {
      sendJson(res, 200, { announcements: await listAnnouncements(io) })
    },
    /** GET …/:name: one announcement. */
    summary: ofAnnouncement(async (_req, res, slug) => sendJson(res, 200, await announcementSummary(io, slug))),
    /** GET …/:name/audience?first=&lang=&platform=&rewarded=: whom a send would reach now, per language. */
    audience: ofAnnouncement(async (req, res, slug) => {
      const wave = waveOf(res, {
        first: queryParam(req, "first") || undefined,
        lang: queryParam(req, "lang") || undefined,
        platform: queryParam(req, "platform") || undefined,
        rewarded: queryParam(req, "rewarded") || undefined,
      })
      if (wave) sendJson(res, 200, await announcementAudience(io, slug, wave))
    }),
    /** GET …/:name/preview/:lang: the HTML of that language's mail, to be shown in a sandboxed frame. */
    preview: ofAnnouncement((req, res, slug) => preview(res, slug, pathParam(req, "lang") ?? "")),
    /** POST …/:name/test, in the audit log. */
    test: ofAnnouncement(test),
    /** POST …/:name/send, its wave in the body (none: the whole list), in the audit log. */
    send: ofAnnouncement(async (req, res, slug) => {
      const sent = Buffer.isBuffer(req.body) && req.body.length > 0
      const body = sent ? adminBody(req, res) : {}
      const wave = body && waveOf(res, body)
      if (wave) sendJson(res, 200, await sendAnnouncement(io, slug, res.locals.by, wave))
    }),
    /** POST …/:name/pause and …/:name/resume, in the audit log. */
    pause: ofAnnouncement((_req, res, slug) => pause(res, slug, true)),
    resume: ofAnnouncement((_req, res, slug) => pause(res, slug, false)),
  }
}
