import { randomUUID } from "crypto"

/** A request id a client or proxy may hand in: 1 to 64 letters, digits and `._:/+=-` (a UUID, a trace id), nothing a log or a header would mind. */
const GIVEN_ID = /^[\w.:/+=-]{1,64}$/

/** The header a request's id comes in (from a proxy or a client) and goes back in. */
export const REQUEST_ID_HEADER = "x-request-id"

/**
 * The id of a request: the `X-Request-Id` it came with when that is one
 * (see GIVEN_ID; a repeated header, which Node joins with commas, is not),
 * else a new UUID.
 */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === "string" && GIVEN_ID.test(given) ? given : randomUUID()
}
