/**
 * The one JSON reader of the API's bodies, after readBody has bounded them:
 * the type is asked first, the nesting depth is measured in one pass before
 * anything is parsed (see exceedsJsonDepth), so that no walk of the value
 * (a zod schema, JSON.stringify) ever meets a depth that could overflow its
 * stack. Each route answers a refusal in its own words.
 */
import type { IncomingHttpHeaders } from "http"
import { exceedsJsonDepth } from "./json-depth"

/** Why a body is not JSON a route reads: another type, nested too deep, or not JSON at all. */
export type JsonRefusal = "media_type" | "too_deep" | "malformed"

/** Whether a request says its body is JSON (`Content-Type: application/json`, with or without parameters). */
export const isJsonRequest = (headers: IncomingHttpHeaders): boolean =>
  (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() === "application/json"

/** A request's body (its bytes, see readBody) as JSON nested at most `maxDepth` levels, or why it is not. */
export function readJson(
  req: { headers: IncomingHttpHeaders; body: unknown },
  maxDepth: number,
): { value: unknown } | { refusal: JsonRefusal } {
  if (!isJsonRequest(req.headers)) return { refusal: "media_type" }
  const text = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : ""
  if (exceedsJsonDepth(text, maxDepth)) return { refusal: "too_deep" }
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return { refusal: "malformed" }
  }
}
