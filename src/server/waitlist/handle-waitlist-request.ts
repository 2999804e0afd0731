import { BufferedResponse } from "../http/buffered-response"
import { isCrossSite } from "../http/request-origin"
import { isJsonRequest, json, type ApiRequest, type ClientInfo, type WebHandler } from "../http/web-handler"
import type { SignupRefusal } from "../observability/metrics"
import { exceedsJsonDepth } from "./json-depth"
import { parseSubmission } from "./parse-submission"
import { planSubmission } from "./plan-submission"
import { NOTHING_TO_DELIVER } from "./plan-deliveries"
import { privacyPolicyInForce } from "./privacy-policy-version"
import { rateLimitClient } from "./rate-limit-key"
import type { WaitlistContext } from "./waitlist-context"
import { StoreUnavailableError } from "./waitlist-store"

/** The largest body the waitlist reads. */
export const MAX_BODY_BYTES = 32 * 1024

const ACCEPTED = JSON.stringify({ ok: true })
const ACCEPTED_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" }

/** The deepest a body of the form's shape goes is 3 (the body, its metadata, `utm`); anything far deeper is refused unparsed. */
export const MAX_BODY_DEPTH = 8

const unavailable = () => json(503, { error: "The waitlist is unavailable right now. Please try again later." }, { "Retry-After": "5" })

/**
 * The handler of POST /api/waitlist: answers one request. Every answer is JSON; bad input gets
 * a 4xx that says what is wrong, an unreachable store a 503, and anything
 * unforeseen a 503 with its cause in the log: the promise never rejects.
 * A new address, a known one (its message added to its entry) and a filled
 * honeypot all get the same 201, so the answer reveals neither who is on
 * the list nor that a bot was caught.
 */
export function waitlistHandler(context: WaitlistContext): WebHandler {
  return async (request, client) => {
    try {
      return await answerRequest(request, client, context)
    } catch (error) {
      context.log.error({ reqId: client.requestId, cause: error instanceof Error ? (error.stack ?? error.message) : String(error) }, "waitlist: unexpected failure")
      context.metrics.signups.inc({ outcome: "refused", reason: "unavailable" })
      return unavailable()
    }
  }
}

async function answerRequest(request: ApiRequest, client: ClientInfo, context: WaitlistContext): Promise<Response> {
  const refused = (reason: SignupRefusal, answer: Response) => {
    context.metrics.signups.inc({ outcome: "refused", reason })
    return answer
  }
  if (request.method !== "POST") {
    return refused("method", json(405, { error: "Only POST is allowed here." }, { Allow: "POST" }))
  }
  const { headers } = request
  if (isCrossSite(headers, context.allowedOrigins)) {
    return refused("cross_site", json(403, { error: "Cross-site submissions are not accepted." }))
  }
  if (!isJsonRequest(headers)) return refused("media_type", json(415, { error: "Send the entry as JSON, with Content-Type: application/json." }))
  const body = Buffer.from(await request.arrayBuffer())
  if (body.length > MAX_BODY_BYTES) return refused("too_large", json(413, { error: "The body is larger than 32 KB." }))

  const text = body.toString("utf8")
  if (exceedsJsonDepth(text, MAX_BODY_DEPTH)) {
    return refused("too_deep", json(422, { error: `The body nests values more than ${MAX_BODY_DEPTH} levels deep; the form's entry has 3.`, fields: {} }))
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refused("malformed", json(400, { error: "The body is not valid JSON." }))
  }
  const parsed = parseSubmission(value)
  if (!parsed.ok) return refused("invalid", json(422, { error: parsed.error, fields: parsed.fields }))

  const rateClient = rateLimitClient(headers, client.remoteAddress, context.trustProxy)
  const { submission } = parsed
  // A bot's entry (a filled honeypot) takes the same path, rate limit and
  // mail drafting included, so it answers alike and as fast; it is then
  // thrown away and queues nothing.
  const discard = submission.city !== ""
  const now = context.now()
  const plan = planSubmission(submission, context.mail, now)
  let outcome
  try {
    outcome = await context.store().submit({
      entry: submission,
      discard,
      rateLimit: { client: rateClient, ...context.rateLimit },
      plan: discard ? NOTHING_TO_DELIVER : plan,
      now,
      consent: privacyPolicyInForce(submission.metadata.locale, now),
    })
  } catch (error) {
    const cause = error instanceof StoreUnavailableError ? error.message : String(error)
    context.log.warn({ reqId: client.requestId, cause }, "waitlist: store unavailable")
    return refused("unavailable", unavailable())
  }
  if (!outcome.accepted) {
    return refused(
      "rate_limited",
      json(429, { error: "Too many submissions from this address. Please try again later." }, { "Retry-After": String(outcome.retryAfterSeconds) }),
    )
  }
  context.metrics.signups.inc({ outcome: outcome.takenAs, reason: "" })
  if (!discard) context.queued()
  return new BufferedResponse(ACCEPTED, { status: 201, headers: ACCEPTED_HEADERS })
}
