import { isJsonRequest, json, type ApiRequest } from "../http/web-handler"
import { exceedsJsonDepth } from "../waitlist/json-depth"

/** The deepest an admin's body goes is 1 (an object of texts); anything deeper is refused unparsed. */
const MAX_DEPTH = 2

/** A body's fields, or the answer that refuses it. */
export type BodyFields = { fields: Record<string, unknown> } | { refused: Response }

/**
 * The fields of a JSON object body: 415 for another type, 400 for what is
 * not JSON, 422 for JSON that is no flat object. (The route's body limit
 * has bounded its size already.)
 */
export async function readBodyFields(request: ApiRequest): Promise<BodyFields> {
  if (!isJsonRequest(request.headers)) return { refused: json(415, { error: "Send JSON, with Content-Type: application/json." }) }
  const text = await request.text()
  if (exceedsJsonDepth(text, MAX_DEPTH)) return { refused: json(422, { error: "Send one JSON object of texts." }) }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { refused: json(400, { error: "The body is not valid JSON." }) }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { refused: json(422, { error: "Send one JSON object of texts." }) }
  return { fields: value as Record<string, unknown> }
}

/** A field that is text of at most `max` characters (counted as characters, so an emoji is one), or undefined. */
export function textField(fields: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = fields[name]
  if (typeof value !== "string" || value.length > max * 2 || [...value].length > max) return undefined
  return value
}

/** The longest address an account or an entry may have (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254

/** Characters no address holds: controls and what shows as nothing are refused before a lookup. */
const UNSEEN = /[\0-\x1F\x7F-\x9F\p{Cf}\p{Zl}\p{Zp}]/u

/** An address as typed for a lookup: trimmed, at most 254 characters, one line of visible text; else undefined. */
export function addressOf(value: string | undefined | null): string | undefined {
  const trimmed = value?.trim()
  if (!trimmed || [...trimmed].length > MAX_EMAIL_LENGTH || UNSEEN.test(trimmed)) return undefined
  return trimmed
}
