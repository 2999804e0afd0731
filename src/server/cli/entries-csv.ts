import { inertText } from "./inert-text"
import type { WaitlistEntry } from "../entries/entry-list"

/** The columns of the waitlist export, in order. */
export const CSV_COLUMNS = [
  "name",
  "email",
  "message",
  "created_at",
  "updated_at",
  "confirmed_at",
  "metadata",
  "messages",
  "suppressed_at",
  "suppressed_reason",
  "place",
  "referrals",
  "referred_by",
] as const

/**
 * How a cell starts when a spreadsheet would run it as a formula (OWASP's
 * list for CSV injection: = + - @, tab and CR), also after leading spaces,
 * no-break spaces or line breaks, which spreadsheets skip, and in the
 * full-width forms some of them read as the same.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/

/** Characters that oblige RFC 4180 to quote a field. */
const NEEDS_QUOTES = /[",\r\n]/

/**
 * One CSV field: characters a terminal would act on are written out as
 * escapes (see inertText); a value that begins like a formula gets a
 * leading `'`, so a spreadsheet shows it as text instead of running it;
 * then a value holding a comma, a quote, CR or LF is quoted with its quotes
 * doubled (RFC 4180).
 */
export function csvField(value: string): string {
  const inert = inertText(value)
  const text = FORMULA_START.test(inert) ? `'${inert}` : inert
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const row = (fields: readonly string[]): string => `${fields.map(csvField).join(",")}\r\n`

/** Every message of an entry, newest first, as the JSON of the `messages` column. */
const history = (entry: WaitlistEntry) =>
  JSON.stringify(entry.messages.map(({ submittedAt, name, message }) => ({ submitted_at: submittedAt, name, message })))

/**
 * The waitlist as CSV, one row per entry under a header row (CSV_COLUMNS),
 * the metadata and every message as JSON, every line ending with CRLF.
 */
export function entriesToCsv(entries: WaitlistEntry[]): string {
  const rows = entries.map((entry) =>
    row([
      entry.name,
      entry.email,
      entry.message,
      entry.createdAt.toISOString(),
      entry.updatedAt.toISOString(),
      entry.confirmedAt?.toISOString() ?? "",
      JSON.stringify(entry.metadata),
      history(entry),
      entry.suppressedAt?.toISOString() ?? "",
      entry.suppressedReason ?? "",
      entry.place?.toString() ?? "",
      String(entry.referrals),
      entry.referredBy ?? "",
    ]),
  )
  return row(CSV_COLUMNS) + rows.join("")
}
