/**
 * POST /api/waitlist: the contact form's entry, checked and written with
 * its mail (see submitSignup). A new address, a known one and a filled
 * honeypot all get the same 201, so the answer tells neither who is on the
 * list nor that a bot was caught.
 */
import type { Request, RequestHandler, Response } from "express"
import type { Registry } from "prom-client"
import type { MailServerAnswer } from "../addresses/mail-servers"
import { StoreUnavailableError, type Db } from "../db/db"
import { sendJson } from "../http/answers"
import { readJson } from "../http/json-body"
import { isCrossSite } from "../http/same-origin"
import type { Logger } from "../observability/logger"
import type { Settings } from "../settings"
import type { DeliveryKind } from "../outbox/deliveries"
import { NOTHING_TO_DELIVER } from "./confirmation-rules"
import { planSubmission } from "./plan-submission"
import { privacyPolicyInForce } from "../entries/privacy-policy-version"
import { RATE_WINDOW_MS } from "../rate-limits/client-rate-limit"
import { submitSignup } from "./sign-up"
import { signupMetrics, type SignupRefusal } from "./signup-metrics"
import { parseSubmission } from "./submission-schema"
import { isReferralCode } from "../../waitlist/referral-code"

/** The largest body the waitlist reads: the longest valid entry (a 5,000-character message of four-byte characters with the largest metadata) is about 30 KB. */
export const MAX_BODY_BYTES = 32 * 1024

/** The deepest a body of the form's shape goes is 3 (the body, its metadata, `utm`); anything far deeper is refused unparsed. */
export const MAX_BODY_DEPTH = 8

/** What the sign-up route works with. */
export type SignUpDeps = {
  db: Db
  settings: Pick<Settings, "rateLimit" | "mail">
  /** Origins allowed besides the request's own host (the site's URL). */
  allowedOrigins: readonly string[]
  log: Logger
  registry: Registry
  now: () => Date
  /** Tells the outbox's worker that deliveries of these kinds were queued. */
  queued: (kinds: readonly DeliveryKind[]) => void
  /** Whether an address's domain has a mail server, asked of DNS for a sign-up through a personal link (see mailServerCheck). */
  mailServer: (email: string) => Promise<MailServerAnswer>
}

const ACCEPTED = { ok: true }
const unavailable = (res: Response) =>
  sendJson(
    res,
    503,
    { error: "The waitlist is unavailable right now. Please try again later." },
    { "Retry-After": "5" },
  )

/** The handlers of /api/waitlist: the POST, and the answer to any other method. */
export function signUpRoutes(deps: SignUpDeps): { submit: RequestHandler; otherMethod: RequestHandler } {
  const metrics = signupMetrics(deps.registry)
  const refuse = (
    reason: SignupRefusal,
    res: Response,
    status: number,
    body: unknown,
    headers?: Record<string, string>,
  ) => {
    metrics.refused(reason)
    sendJson(res, status, body, headers)
  }

  async function answer(req: Request, res: Response) {
    const { db, settings, allowedOrigins, log, now: clock, queued } = deps
    if (isCrossSite(req.headers, allowedOrigins))
      return refuse("cross_site", res, 403, { error: "Cross-site submissions are not accepted." })
    const json = readJson(req, MAX_BODY_DEPTH)
    if ("refusal" in json) {
      if (json.refusal === "media_type")
        return refuse("media_type", res, 415, { error: "Send the entry as JSON, with Content-Type: application/json." })
      if (json.refusal === "too_deep")
        return refuse("too_deep", res, 422, {
          error: `The body nests values more than ${MAX_BODY_DEPTH} levels deep; the form's entry has 3.`,
          fields: {},
        })
      return refuse("malformed", res, 400, { error: "The body is not valid JSON." })
    }
    const parsed = parseSubmission(json.value)
    if (!parsed.ok) return refuse("invalid", res, 422, { error: parsed.error, fields: parsed.fields })

    const { submission } = parsed
    // A bot's entry (a filled honeypot) takes the same path, rate limit and
    // mail drafting included, so it answers alike and as fast; it is then
    // thrown away and queues nothing.
    const discard = submission.city !== ""
    const referral = isReferralCode(submission.metadata.referral) ? submission.metadata.referral : null
    // Asked of every submission through a personal link, new address or known, so the answer's time tells neither apart.
    const mailServer = referral ? await deps.mailServer(submission.email) : "unknown"
    const now = clock()
    const plan = planSubmission(submission, settings.mail, now)
    let outcome
    try {
      outcome = await submitSignup(db, {
        entry: submission,
        discard,
        rateLimit: { client: res.locals.client.key, limit: settings.rateLimit, windowMs: RATE_WINDOW_MS },
        plan: discard ? NOTHING_TO_DELIVER : plan,
        now,
        consent: privacyPolicyInForce(submission.metadata.locale, now),
        cameThrough: referral ? { code: referral, client: res.locals.client, mailServer } : null,
      })
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error
      log.warn({ reqId: res.locals.requestId, cause: error.message }, "waitlist: store unavailable")
      metrics.refused("unavailable")
      return unavailable(res)
    }
    if (!outcome.accepted) {
      return refuse(
        "rate_limited",
        res,
        429,
        { error: "Too many submissions from this address. Please try again later." },
        { "Retry-After": String(outcome.retryAfterSeconds) },
      )
    }
    metrics.taken(outcome.takenAs)
    if (!discard)
      queued(
        [plan.notify, plan.webhook, plan.confirmation?.mail].flatMap((delivery) => (delivery ? [delivery.kind] : [])),
      )
    sendJson(res, 201, ACCEPTED)
  }

  return {
    submit: async (req, res) => {
      try {
        await answer(req, res)
      } catch (error) {
        deps.log.error(
          {
            reqId: res.locals.requestId,
            cause: error instanceof Error ? (error.stack ?? error.message) : String(error),
          },
          "waitlist: unexpected failure",
        )
        metrics.refused("unavailable")
        unavailable(res)
      }
    },
    otherMethod: (_req, res) => refuse("method", res, 405, { error: "Only POST is allowed here." }, { Allow: "POST" }),
  }
}
