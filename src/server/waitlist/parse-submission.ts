import { CONTACT_LIMITS, CONTACT_MESSAGES, validateContact } from "../../waitlist/contact-rules"
import { readMetadata } from "./read-metadata"
import type { AcceptedSubmission } from "../../waitlist/submission"

/** The longest value the waitlist takes for each field, in characters; the metadata in bytes of JSON. */
export const FIELD_LIMITS = { ...CONTACT_LIMITS, city: 200, metadataBytes: 8 * 1024 } as const

const TEXT_FIELDS = ["name", "email", "message", "city"] as const
type TextField = (typeof TEXT_FIELDS)[number]
type FieldName = TextField | "metadata"

const LABELS: Record<TextField, string> = { name: "Name", email: "Email", message: "Message", city: "City" }

export type SubmissionProblem = { error: string; fields: Partial<Record<FieldName, string>> }
export type ParsedSubmission = { ok: true; submission: AcceptedSubmission } | ({ ok: false } & SubmissionProblem)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const readText = (body: Record<string, unknown>, field: TextField, fields: SubmissionProblem["fields"]): string => {
  const value = Object.prototype.hasOwnProperty.call(body, field) ? body[field] : ""
  if (typeof value === "string") return value
  fields[field] = `${LABELS[field]} must be text`
  return ""
}

/** Line breaks as a browser's text area gives them: CR LF and a lone CR become LF. */
const withLineFeeds = (text: string): string => text.replace(/\r\n?/g, "\n")

/**
 * Turns a parsed JSON body into a submission the waitlist can store, or says
 * what is wrong with it, field by field, with the form's own messages. Each
 * field's type is checked before its value is looked at, so nothing walks a
 * value the spec does not describe. The name and e-mail come back trimmed,
 * the message with plain line feeds; the honeypot (`city`) is read but not
 * judged here.
 */
export function parseSubmission(body: unknown): ParsedSubmission {
  if (!isPlainObject(body)) return { ok: false, error: "The body must be a JSON object.", fields: {} }
  const fields: SubmissionProblem["fields"] = {}
  const [name, email, rawMessage, city] = TEXT_FIELDS.map((field) => readText(body, field, fields)) as [string, string, string, string]
  const message = withLineFeeds(rawMessage)
  if (city.length > FIELD_LIMITS.city) fields.city = `City must be at most ${FIELD_LIMITS.city} characters`
  const metadata = readMetadata(Object.prototype.hasOwnProperty.call(body, "metadata") ? body.metadata : {})
  if (!metadata.ok) fields.metadata = metadata.problem
  // A field that is already wrong in type keeps that message.
  for (const [field, problem] of Object.entries(validateContact({ name, email, message })) as [TextField, keyof typeof CONTACT_MESSAGES][]) {
    fields[field] ??= CONTACT_MESSAGES[problem]
  }
  if (!metadata.ok || Object.keys(fields).length > 0) {
    return { ok: false, error: "Some fields are missing or invalid.", fields }
  }
  // The rules judge the trimmed name and e-mail, so that is what is kept.
  return { ok: true, submission: { name: name.trim(), email: email.trim(), message, city, metadata: metadata.metadata } }
}
