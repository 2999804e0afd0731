/**
 * The admin's routes of the sequences, under /api/admin/sequences: each
 * translates HTTP to a call of the sequence service, which the
 * `npm run waitlist -- sequence` commands call too (owner, marketing).
 */
import type { Request, RequestHandler, Response } from "express"
import { isLanguageCode } from "../../i18n/languages"
import { pathParam, sendJson } from "../http/answers"
import { answerPreview, answerTestSend } from "../markdown-mail/list-mail-answers"
import { MailNotReadyError, mailSlugs } from "../markdown-mail/mail-files"
import type { Logger } from "../observability/logger"
import { previewStepMails, sequenceStatus, testStep, type SequenceIo } from "./sequence-service"

const NO_SUCH_STEP = "There is no step of that name in the sequences' folder."

/** The handlers of /api/admin/sequences and the routes under it (see the route table). */
export function sequenceRoutes(
  io: SequenceIo,
  log: Logger,
): { list: RequestHandler; preview: RequestHandler; test: RequestHandler } {
  /** A handler of the step the path's `:name` names: 404 for a name that is none of the folder's, 422 for a step its files' problems hold. */
  const ofStep =
    (step: (req: Request, res: Response, name: string) => Promise<void> | void): RequestHandler =>
    async (req, res) => {
      const name = pathParam(req, "name") ?? ""
      if (!mailSlugs(io.dir).includes(name)) return sendJson(res, 404, { error: NO_SUCH_STEP })
      try {
        await step(req, res, name)
      } catch (error) {
        if (!(error instanceof MailNotReadyError)) throw error
        sendJson(res, 422, {
          error: `${name} cannot be used as it is written: fix its files first.`,
          problems: error.problems,
        })
      }
    }

  return {
    /** GET /api/admin/sequences: every step of the folder, in the order people get them, with where it stands. */
    async list(_req, res) {
      sendJson(res, 200, { steps: await sequenceStatus(io) })
    },
    /** GET …/:name/preview/:lang: the HTML of that language's mail, to be shown in a sandboxed frame. */
    preview: ofStep((req, res, name) => {
      const lang = pathParam(req, "lang") ?? ""
      const found = isLanguageCode(lang) ? previewStepMails(io, name, lang)[0] : undefined
      if (!found) return sendJson(res, 404, { error: `${name} has no version in that language.` })
      answerPreview(res, `${name}.${lang}.html`, found.mail.html ?? "")
    }),
    /** POST …/:name/test `{to}`: every language's version to one address, in the audit log whether sent or not. */
    test: ofStep((req, res, name) => answerTestSend(req, res, log, (to) => testStep(io, name, to, res.locals.by))),
  }
}
