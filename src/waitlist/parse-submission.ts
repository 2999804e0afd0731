import { validateContact } from "./contact-rules"
import type { AcceptedSubmission } from "./submission"

/** The longest value the waitlist stores for each field. */
export const FIELD_LIMITS = { name: 200, email: 254, message: 5000, city: 200, metadataBytes: 8 * 1024 } as const

const TEXT_FIELDS = ["name", "email", "message", "city"] as const
type TextField = (typeof TEXT_FIELDS)[number]
type FieldName = TextField | "metadata"

const LABELS: Record<FieldName, string> = {
  name: "Name",
  email: "Email",
  message: "Message",
  city: "City",
  metadata: "Metadata",
}

/** Text the stores cannot keep verbatim: the NUL character and unpaired surrogates. (Metadata is stored as JSON, which escapes both.) */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export type SubmissionProblem = { error: string; fields: Partial<Record<FieldName, string>> }
export type ParsedSubmission = { ok: true; submission: AcceptedSubmission } | ({ ok: false } & SubmissionProblem)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const readText = (body: Record<string, unknown>, field: TextField, fields: SubmissionProblem["fields"]): string => {
  const value = Object.prototype.hasOwnProperty.call(body, field) ? body[field] : ""
  if (typeof value !== "string") {
    fields[field] = `${LABELS[field]} must be text`
    return ""
  }
  if (value.length > FIELD_LIMITS[field]) fields[field] = `${LABELS[field]} must be at most ${FIELD_LIMITS[field]} characters`
  else if (UNSTORABLE.test(value)) fields[field] = `${LABELS[field]} contains a character that is not allowed`
  return value
}

const readMetadata = (body: Record<string, unknown>, fields: SubmissionProblem["fields"]): Record<string, unknown> => {
  const value = Object.prototype.hasOwnProperty.call(body, "metadata") ? body.metadata : {}
  if (!isPlainObject(value)) {
    fields.metadata = "Metadata must be an object"
    return {}
  }
  const json = JSON.stringify(value)
  if (Buffer.byteLength(json, "utf8") > FIELD_LIMITS.metadataBytes) fields.metadata = "Metadata must be at most 8 KB"
  return value
}

/**
 * Turns a parsed JSON body into a submission the waitlist can store, or says
 * what is wrong with it, field by field, with the form's own messages for the
 * rules of spec §5. The name and e-mail come back trimmed; the message is
 * kept as typed. The honeypot (`city`) is read but not judged here.
 */
export function parseSubmission(body: unknown): ParsedSubmission {
  if (!isPlainObject(body)) return { ok: false, error: "The body must be a JSON object.", fields: {} }
  const fields: SubmissionProblem["fields"] = {}
  const [name, email, message, city] = TEXT_FIELDS.map((field) => readText(body, field, fields)) as [
    string,
    string,
    string,
    string,
  ]
  const metadata = readMetadata(body, fields)
  // A field that is already wrong in type or size keeps that message.
  for (const [field, rule] of Object.entries(validateContact({ name, email })) as [TextField, string][]) {
    fields[field] ??= rule
  }
  if (Object.keys(fields).length > 0) {
    return { ok: false, error: "Some fields are missing or invalid.", fields }
  }
  // The rules judge the trimmed name and e-mail, so that is what is kept.
  return { ok: true, submission: { name: name.trim(), email: email.trim(), message, city, metadata } }
}
