import type { WaitlistEntry } from "./waitlist-store"

/** The columns of the waitlist export, in order. */
export const CSV_COLUMNS = ["name", "email", "message", "created_at", "updated_at", "metadata"] as const

/** How a cell starts when a spreadsheet would run it as a formula (OWASP's list for CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/

/** Characters that oblige RFC 4180 to quote a field. */
const NEEDS_QUOTES = /[",\r\n]/

/**
 * One CSV field: a value that begins like a formula gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it; then a value holding a
 * comma, a quote, CR or LF is quoted with its quotes doubled (RFC 4180).
 */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const row = (fields: readonly string[]): string => `${fields.map(csvField).join(",")}\r\n`

/**
 * The waitlist as CSV: a header row, then one row per entry with its
 * metadata as a JSON string; every line ends with CRLF.
 */
export function entriesToCsv(entries: WaitlistEntry[]): string {
  const rows = entries.map((entry) =>
    row([entry.name, entry.email, entry.message, entry.createdAt, entry.updatedAt, JSON.stringify(entry.metadata)]),
  )
  return row(CSV_COLUMNS) + rows.join("")
}
