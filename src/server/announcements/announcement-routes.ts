/**
 * The admin's routes of announcements, under /api/admin/announcements:
 * each translates HTTP to a call of the announcement service, which the
 * `npm run waitlist -- announce` commands call too (owner, marketing).
 */
import type { Request, RequestHandler, Response } from "express"
import { isLanguageCode } from "../../i18n/languages"
import { adminBody } from "../admin/admin-body"
import { pathParam, queryParam, sendJson } from "../http/answers"
import type { Logger } from "../observability/logger"
import { MailNotReadyError, mailSlugs } from "../markdown-mail/mail-files"
import { answerPreview, answerTestSend } from "../markdown-mail/list-mail-answers"
import { AnnouncementChangedError } from "./announcement-queries"
import type { Wave } from "../../waitlist/wave"
import { waveSchema } from "./wave-schema"
import {
  NoPostalAddressError,
  announcementAudience,
  announcementSummary,
  listAnnouncements,
  NoSuchVersionError,
  pauseAnnouncement,
  previewMails,
  sendAnnouncement,
  testAnnouncement,
  type AnnouncementIo,
} from "./announcement-service"

const NO_SUCH_ANNOUNCEMENT = "There is no announcement of that name in the announcements' folder."

/** Answers an announcement whose files have problems (422), or that changed since it was sent (409); other errors go on. */
function refusal(res: Response, error: unknown, slug: string): void {
  if (error instanceof MailNotReadyError)
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
      if (!mailSlugs(io.dir).includes(slug)) return sendJson(res, 404, { error: NO_SUCH_ANNOUNCEMENT })
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
    answerPreview(res, `${slug}.${lang}.html`, found.mail.html ?? "")
  }

  /** POST …/<name>/test `{to}`: every language's version to one address, in the audit log whether sent or not. */
  const test = (req: Request, res: Response, slug: string) =>
    answerTestSend(req, res, log, (to) => testAnnouncement(io, slug, to, res.locals.by))

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
