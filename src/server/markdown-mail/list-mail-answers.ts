/**
 * What the admin's routes of list mails (announcements, the sequences'
 * steps) answer alike: a preview that can neither run nor load anything,
 * and a test send with its refusals.
 */
import type { Request, Response } from "express"
import { z } from "zod"
import { emailProblem } from "../../waitlist/contact-rules"
import { adminBody, shortText } from "../admin/admin-body"
import { StoreUnavailableError } from "../db/db"
import { sendJson } from "../http/answers"
import type { Logger } from "../observability/logger"
import { MailNotReadyError } from "./mail-files"
import { SuppressedAddressError, TestLimitError } from "./test-sends"

/**
 * The policy of a preview: nothing may load or run (no script, no image,
 * no font, no connection), only its inline styles apply, it may be framed
 * by the admin's own pages alone, and `sandbox` gives it an opaque origin
 * with scripts, forms, pop-ups and top navigation off even when it is
 * opened on its own, outside the admin's sandboxed frame.
 */
export const PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox"

/** Answers one language's mail as HTML under PREVIEW_POLICY, for the admin's sandboxed frame. */
export function answerPreview(res: Response, file: string, html: string): void {
  const bytes = Buffer.from(html)
  res
    .writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(bytes.length),
      "Cache-Control": "no-store",
      "Content-Security-Policy": PREVIEW_POLICY,
      // The site's DENY, relaxed for this route alone, so the admin's own page may frame it.
      "X-Frame-Options": "SAMEORIGIN",
      "Content-Disposition": `inline; filename="${file}"`,
      "Cross-Origin-Resource-Policy": "same-origin",
      "Referrer-Policy": "no-referrer",
    })
    .end(bytes)
}

/** What a test send is given: one address. */
const testSchema = z
  .object({ to: shortText(1024).transform((to) => to.trim()) })
  .refine(({ to }) => emailProblem(to) === undefined)

/**
 * POST …/test `{to}`: `send` to that address, answered with what was sent;
 * 422 for a body that is no one address or a suppressed address, 429 past
 * the limit of test sends, 502 when the mail server refused. Errors it
 * does not know (a mail not ready to be sent, the store) go on.
 */
export async function answerTestSend(
  req: Request,
  res: Response,
  log: Logger,
  send: (to: string) => Promise<{ lang: string; subject: string }[]>,
): Promise<void> {
  const body = adminBody(req, res)
  if (!body) return
  const fields = testSchema.safeParse(body)
  if (!fields.success) {
    const error = "Give one e-mail address, such as you@example.com."
    return sendJson(res, 422, { error, fields: { to: error } })
  }
  const { to } = fields.data
  try {
    sendJson(res, 200, { to, sent: await send(to) })
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
    if (!(error instanceof Error) || error instanceof MailNotReadyError || error instanceof StoreUnavailableError)
      throw error
    log.warn({ reqId: res.locals.requestId, cause: error.message }, "admin: a test of a list mail could not be sent")
    sendJson(res, 502, {
      error: `The test could not be sent: the mail server said “${error.message.split("\n")[0]?.slice(0, 300)}”. Check SMTP_URL and the outbox, then try again.`,
    })
  }
}
