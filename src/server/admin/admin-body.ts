/**
 * What the admin's routes take in a body: one JSON object of short texts,
 * each route's fields checked by its zod schema. The body is bounded
 * already (see readBody); nothing deeper than an object of texts is parsed.
 */
import type { Request, Response } from "express"
import { z } from "zod"
import { lookupAddressOf } from "../addresses/lookup-address"
import { sendJson } from "../http/answers"
import { readJson } from "../http/json-body"
import { MAX_PAGE } from "./admin-limits"

/** The deepest an admin's body goes is 1 (an object of texts); anything deeper is refused unparsed. */
const MAX_DEPTH = 2

/**
 * The JSON object of a body, or undefined once the refusal is answered:
 * 415 for another type, 400 for what is not JSON, 422 for JSON that is no
 * flat object.
 */
export function adminBody(req: Request, res: Response): Record<string, unknown> | undefined {
  const json = readJson(req, MAX_DEPTH)
  if ("refusal" in json) {
    if (json.refusal === "media_type") sendJson(res, 415, { error: "Send JSON, with Content-Type: application/json." })
    else if (json.refusal === "too_deep") sendJson(res, 422, { error: "Send one JSON object of texts." })
    else sendJson(res, 400, { error: "The body is not valid JSON." })
    return undefined
  }
  const { value } = json
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    sendJson(res, 422, { error: "Send one JSON object of texts." })
    return undefined
  }
  return value as Record<string, unknown>
}

/** Text of at most `max` characters (counted as characters, so an emoji is one); its length is bounded before it is counted. */
export const shortText = (max: number) =>
  z.string().refine((value) => value.length <= max * 2 && [...value].length <= max)

/** An address to look up, as a schema: text as lookupAddressOf takes it. */
export const lookupAddress = shortText(1024).transform((value, context) => {
  const address = lookupAddressOf(value)
  if (address === undefined) {
    context.addIssue({ code: "custom", message: "not an address" })
    return z.NEVER
  }
  return address
})

/** A page number of a list (1 when absent): a whole number from 1 to MAX_PAGE. */
export const pageParam = z
  .string()
  .regex(/^\d{1,5}$/)
  .transform(Number)
  .refine((page) => page >= 1 && page <= MAX_PAGE)
  .default(1)
