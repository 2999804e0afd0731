import { exceedsJsonDepth } from "./json-depth"
import { parseSubmission } from "./parse-submission"
import { planSubmission } from "./plan-submission"
import { NOTHING_TO_DELIVER } from "./plan-deliveries"
import { rateLimitClient } from "./rate-limit-key"
import type { WaitlistContext } from "./waitlist-context"
import { StoreUnavailableError } from "./waitlist-store"

/** The largest body the waitlist reads. */
export const MAX_BODY_BYTES = 32 * 1024

/** An HTTP request as the waitlist sees it, whatever server carries it. */
export type WaitlistRequest = {
  method: string
  headers: Record<string, string | string[] | undefined>
  /** The raw body, or undefined when there is none. */
  body: Buffer | undefined
  /** The address of the socket the request came in on. */
  remoteAddress: string | undefined
}

export type WaitlistResponse = { status: number; headers: Record<string, string>; body: string }

const ACCEPTED = JSON.stringify({ ok: true })

const answer = (status: number, body: object, headers: Record<string, string> = {}): WaitlistResponse => ({
  status,
  headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  body: JSON.stringify(body),
})

const header = (request: WaitlistRequest, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The deepest a body of the form's shape goes is 3 (the body, its metadata, `utm`); anything far deeper is refused unparsed. */
export const MAX_BODY_DEPTH = 8

const isCrossSite = (request: WaitlistRequest, allowedOrigins: string[]): boolean => {
  if (header(request, "sec-fetch-site") === "cross-site") return true
  const origin = header(request, "origin")
  if (origin === undefined) return false
  if (allowedOrigins.includes(origin)) return false
  try {
    return new URL(origin).host !== header(request, "host")
  } catch {
    return true
  }
}

const isJson = (request: WaitlistRequest): boolean =>
  (header(request, "content-type") ?? "").split(";")[0]?.trim().toLowerCase() === "application/json"

const UNAVAILABLE = answer(503, { error: "The waitlist is unavailable right now. Please try again later." }, { "Retry-After": "5" })

/**
 * Answers one request to /api/waitlist. Every answer is JSON; bad input gets
 * a 4xx that says what is wrong, an unreachable store a 503, and anything
 * unforeseen a 503 with its cause in the log: the promise never rejects.
 * A new address, a known one (its message added to its entry) and a filled
 * honeypot all get the same 201, so the answer reveals neither who is on
 * the list nor that a bot was caught.
 */
export async function handleWaitlistRequest(request: WaitlistRequest, context: WaitlistContext): Promise<WaitlistResponse> {
  try {
    return await answerRequest(request, context)
  } catch (error) {
    context.log(`waitlist: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return UNAVAILABLE
  }
}

async function answerRequest(request: WaitlistRequest, context: WaitlistContext): Promise<WaitlistResponse> {
  if (request.method !== "POST") {
    return answer(405, { error: "Only POST is allowed here." }, { Allow: "POST" })
  }
  if (isCrossSite(request, context.allowedOrigins)) {
    return answer(403, { error: "Cross-site submissions are not accepted." })
  }
  if (!isJson(request)) return answer(415, { error: "Send the entry as JSON, with Content-Type: application/json." })
  const body = request.body ?? Buffer.alloc(0)
  if (body.length > MAX_BODY_BYTES) return answer(413, { error: "The body is larger than 32 KB." })

  const text = body.toString("utf8")
  if (exceedsJsonDepth(text, MAX_BODY_DEPTH)) {
    return answer(422, { error: `The body nests values more than ${MAX_BODY_DEPTH} levels deep; the form's entry has 3.`, fields: {} })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return answer(400, { error: "The body is not valid JSON." })
  }
  const parsed = parseSubmission(json)
  if (!parsed.ok) return answer(422, { error: parsed.error, fields: parsed.fields })

  const client = rateLimitClient(request.headers, request.remoteAddress, context.trustProxy)
  const { submission } = parsed
  // A bot's entry (a filled honeypot) takes the same path, rate limit and
  // mail drafting included, so it answers alike and as fast; it is then
  // thrown away and queues nothing.
  const discard = submission.city !== ""
  const now = new Date()
  const plan = planSubmission(submission, context.mail, now)
  let outcome
  try {
    outcome = await context.store().submit({
      entry: submission,
      discard,
      rateLimit: { client, ...context.rateLimit },
      plan: discard ? NOTHING_TO_DELIVER : plan,
      now,
    })
  } catch (error) {
    const cause = error instanceof StoreUnavailableError ? error.message : String(error)
    context.log(`waitlist: store unavailable: ${cause}`)
    return UNAVAILABLE
  }
  if (!outcome.accepted) {
    return answer(
      429,
      { error: "Too many submissions from this address. Please try again later." },
      { "Retry-After": String(outcome.retryAfterSeconds) },
    )
  }
  if (!discard) context.queued()
  return { ...answer(201, {}), body: ACCEPTED }
}
