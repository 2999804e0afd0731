/**
 * What the waitlist takes from the form (spec §3 and §5), one zod schema
 * answering with the form's own messages: each field's type is checked
 * before its value is judged, and the metadata keeps only spec §3's fields,
 * an unknown key dropped unread.
 */
import { z } from "zod"
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  emailProblem,
  messageProblem,
  nameProblem,
  type ContactProblem,
} from "../../waitlist/contact-rules"
import type { AcceptedSubmission, ContactMetadata } from "../../waitlist/submission"

/** The longest value the waitlist takes for each field, in characters (the honeypot in UTF-16 units); the metadata in bytes of JSON. */
export const FIELD_LIMITS = { ...CONTACT_LIMITS, city: 200, metadataBytes: 8 * 1024 } as const
/** `languages` and `utm` are short lists in any real browser; these bounds are far above what one sends. */
export const METADATA_LIMITS = { languages: 32, utmPairs: 32, utmKey: 64, utmValue: 512 } as const

/** A text field of the form: absent is "", anything but text refused as `<Label> must be text`, then judged by its contact rule. */
const formText = (label: string, problem: (value: string) => ContactProblem | undefined) =>
  z
    .string({ error: `${label} must be text` })
    .default("")
    .superRefine((value, context) => {
      const found = problem(value)
      if (found) context.addIssue({ code: "custom", message: CONTACT_MESSAGES[found] })
    })

/** A field of the metadata: absent or null is null, anything else of its type, or refused naming the field and its type. */
const metadataField = <T>(field: keyof ContactMetadata, describe: string, schema: (message: string) => z.ZodType<T>) =>
  schema(`Metadata field ${field} must be ${describe}`)
    .nullish()
    .transform((value) => value ?? null)

const text = (message: string) => z.string({ error: message })
const finiteNumber = (message: string) => z.number({ error: message })
const textList = (message: string) =>
  z.array(z.string({ error: message }), { error: message }).max(METADATA_LIMITS.languages, { error: message })
const shortTextPairs = (message: string) =>
  z
    .record(
      z.string().max(METADATA_LIMITS.utmKey, { error: message }),
      z.string({ error: message }).max(METADATA_LIMITS.utmValue, { error: message }),
      { error: message },
    )
    .refine((pairs) => Object.keys(pairs).length <= METADATA_LIMITS.utmPairs, { error: message })

/** The metadata of spec §3, in the order the waitlist stores its fields. */
const metadataFields = z
  .object(
    {
      userAgent: metadataField("userAgent", "text", text),
      platform: metadataField("platform", "text", text),
      vendor: metadataField("vendor", "text", text),
      language: metadataField("language", "text", text),
      languages: metadataField("languages", `a list of at most ${METADATA_LIMITS.languages} texts`, textList),
      screenResolution: metadataField("screenResolution", "text", text),
      windowResolution: metadataField("windowResolution", "text", text),
      pixelRatio: metadataField("pixelRatio", "a number", finiteNumber),
      timezone: metadataField("timezone", "text", text),
      timezoneOffset: metadataField("timezoneOffset", "a number", finiteNumber),
      timestamp: metadataField("timestamp", "text", text),
      connectionType: metadataField("connectionType", "text", text),
      referrer: metadataField("referrer", "text", text),
      previousPage: metadataField("previousPage", "text", text),
      utm: metadataField("utm", `at most ${METADATA_LIMITS.utmPairs} pairs of short texts`, shortTextPairs),
      locale: metadataField("locale", "text", text),
      referral: metadataField("referral", "text", text),
    },
    { error: "Metadata must be an object" },
  )
  .refine((value) => Buffer.byteLength(JSON.stringify(value)) <= FIELD_LIMITS.metadataBytes, {
    error: "Metadata must be at most 8 KB",
  })

/** The metadata, every field null when the body sent none. */
const metadata = metadataFields.default(() => metadataFields.parse({}))

/**
 * The body of POST /api/waitlist. The name and e-mail come back trimmed,
 * the message with plain line feeds (as a browser's text area gives
 * them); the honeypot (`city`) is read but not judged here.
 */
export const submissionSchema = z.object(
  {
    name: formText("Name", nameProblem).transform((name) => name.trim()),
    email: formText("Email", emailProblem).transform((email) => email.trim()),
    message: z
      .string({ error: "Message must be text" })
      .default("")
      .transform((message) => message.replace(/\r\n?/g, "\n"))
      .superRefine((message, context) => {
        const found = messageProblem(message)
        if (found) context.addIssue({ code: "custom", message: CONTACT_MESSAGES[found] })
      }),
    city: z
      .string({ error: "City must be text" })
      .default("")
      .refine((city) => city.length <= FIELD_LIMITS.city, {
        error: `City must be at most ${FIELD_LIMITS.city} characters`,
      }),
    metadata,
  },
  { error: "The body must be a JSON object." },
)

/** The fields of a submission that can be refused, as the API's answer names them. */
type FieldName = "name" | "email" | "message" | "city" | "metadata"

/** What is wrong with a body: one message, and one per failing field. */
export type SubmissionProblem = { error: string; fields: Partial<Record<FieldName, string>> }

/** A parsed JSON body as a submission the waitlist can store, or what is wrong with it, field by field. */
export function parseSubmission(
  body: unknown,
): { ok: true; submission: AcceptedSubmission } | ({ ok: false } & SubmissionProblem) {
  const parsed = submissionSchema.safeParse(body)
  if (parsed.success) return { ok: true, submission: parsed.data as AcceptedSubmission }
  const [first] = parsed.error.issues
  if (first && first.path.length === 0) return { ok: false, error: first.message, fields: {} }
  const fields: SubmissionProblem["fields"] = {}
  // A field keeps its first problem: its type before its value.
  for (const issue of parsed.error.issues) fields[issue.path[0] as FieldName] ??= issue.message
  return { ok: false, error: "Some fields are missing or invalid.", fields }
}
