/**
 * @jest-environment node
 *
 * An erasure reaches every table that holds a person of the waitlist: a
 * new table with a column naming one fails here until ERASED_TABLES lists
 * it, or this test says why the table keeps it.
 */
import fs from "fs"
import os from "os"
import path from "path"
import BetterSqlite3 from "better-sqlite3"
import { openDbOf } from "../../../../test/support/waitlist-store-access"
import { ERASED_TABLES } from "../erasure"

/** Columns that name a person of the waitlist, or hold what identifies one. */
const PERSON_COLUMNS = new Set([
  "email",
  "email_key",
  "entry_id",
  "referred_id",
  "referrer_id",
  "recipient",
  "address_hash",
  "subject_hash",
  "client_hash",
])

/** Tables that keep something of a person after an erasure on purpose, and why. */
const KEPT_ON_PURPOSE: Record<string, string> = {
  waitlist_leavers: "the keyed hash that keeps the address's confirmation caps (see rememberLeaver)",
  waitlist_erasures: "the record of the erasure itself, by the keyed hash",
  admin_audit: "the append-only audit log, by the keyed hash",
  admin_accounts: "the team's own accounts: no person of the waitlist",
}

it("rewrites every table with a column naming a person, but those that keep a keyed hash on purpose", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erased-tables-"))
  const file = path.join(dir, "waitlist.sqlite")
  const db = openDbOf({ WAITLIST_DB_PATH: file })
  await db.read(async () => undefined)
  await db.close()
  const raw = new BetterSqlite3(file, { readonly: true })
  try {
    const tables = (
      raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string
      }[]
    ).map((row) => row.name)
    const columnsOf = (table: string) =>
      (raw.pragma(`table_info(${JSON.stringify(table)})`) as { name: string }[]).map((column) => column.name)
    const holding = tables.filter((table) => columnsOf(table).some((column) => PERSON_COLUMNS.has(column)))
    expect(holding).toEqual(expect.arrayContaining(["waitlist_entries", "waitlist_messages", "waitlist_outbox"]))
    expect(holding.filter((table) => !ERASED_TABLES.includes(table as never) && !(table in KEPT_ON_PURPOSE))).toEqual(
      [],
    )
    expect(ERASED_TABLES.filter((table) => !tables.includes(table))).toEqual([])
  } finally {
    raw.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
