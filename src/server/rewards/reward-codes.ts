/**
 * The stores' codes, as the team downloads them: one code a line, or a
 * store's CSV with a header row whose code column is named (App Store
 * Connect's one-time offer codes: `Code` or `Offer Code`; the Play
 * Console's promo codes: `Promotion code`). Read whole before anything is
 * stored: a file with a line that is no code imports nothing.
 */
import type { Db } from "../db/db"
import { storedTime } from "../db/schema"
import type { Store } from "./reward-queries"

/** The largest file read, and the most codes in it. */
export const MAX_CODE_FILE_BYTES = 4 * 1024 * 1024
export const MAX_CODES = 100_000

/** The names a store's CSV gives its code column (compared without case). */
const CODE_COLUMNS = new Set([
  "code",
  "codes",
  "offer code",
  "one-time code",
  "one-time use code",
  "promo code",
  "promotion code",
])

/** What a store's code looks like: letters, digits and hyphens (App Store offer codes, Play promo codes). */
const isCode = (value: string) => /^[A-Za-z\d][A-Za-z\d-]{2,62}[A-Za-z\d]$/.test(value)

/** The fields of one CSV line (RFC 4180 quoting: `"a, b"`, `""` for a quote), in one pass. */
export function csvFields(line: string): string[] {
  const fields: string[] = []
  let field = ""
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"'
      i += 1
    } else if (char === '"') quoted = !quoted
    else if (char === "," && !quoted) {
      fields.push(field)
      field = ""
    } else field += char
  }
  fields.push(field)
  return fields.map((value) => value.trim())
}

/** A file's codes, each once, in order, or the problems (each naming its line) that keep it from being imported. */
export function codesOfFile(text: string): { codes: string[]; problems: string[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
  const first = lines.findIndex((line) => line.trim() !== "")
  if (first < 0) return { codes: [], problems: ["the file holds no code"] }
  const header = csvFields(lines[first] ?? "").map((name) => name.toLowerCase())
  const column = header.findIndex((name) => CODE_COLUMNS.has(name))
  if (column < 0 && header.length > 1)
    return {
      codes: [],
      problems: [
        `line ${first + 1}: a CSV names its code column in its first row (Code, Offer Code or Promotion code): ${lines[first]?.slice(0, 80)}`,
      ],
    }
  const problems: string[] = []
  const codes = new Set<string>()
  for (let i = column < 0 ? first : first + 1; i < lines.length && problems.length < 20; i += 1) {
    const line = lines[i] ?? ""
    if (line.trim() === "") continue
    const value = column < 0 ? line.trim() : (csvFields(line)[column] ?? "")
    if (isCode(value)) codes.add(value)
    else
      problems.push(
        `line ${i + 1}: ${JSON.stringify(value.slice(0, 40))} is not a store's code (letters, digits and hyphens)`,
      )
  }
  if (codes.size > MAX_CODES) problems.push(`more than ${MAX_CODES} codes: import them in several files`)
  return problems.length > 0 ? { codes: [], problems } : { codes: [...codes], problems: [] }
}

/**
 * Adds codes of a tier and store to its pool, each code once (a code
 * imported before is left as it was, given or not), and lets the team be
 * alerted again when the pool runs out.
 * @returns how many were added, and how many the pool had already
 */
export function importCodes(
  db: Db,
  { tier, store, codes }: { tier: string; store: Store; codes: readonly string[] },
  now: Date,
): Promise<{ added: number; known: number }> {
  return db.write(async (trx) => {
    let added = 0
    for (let i = 0; i < codes.length; i += 500) {
      const inserted = await trx
        .insertInto("waitlist_reward_codes")
        .values(codes.slice(i, i + 500).map((code) => ({ tier, platform: store, code, imported_at: storedTime(now) })))
        .onConflict((conflict) => conflict.columns(["platform", "code"]).doNothing())
        .executeTakeFirst()
      added += Number(inserted.numInsertedOrUpdatedRows ?? 0)
    }
    if (added > 0)
      await trx.deleteFrom("waitlist_reward_alerts").where("tier", "=", tier).where("platform", "=", store).execute()
    return { added, known: codes.length - added }
  })
}
