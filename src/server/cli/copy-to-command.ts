/**
 * `npm run waitlist -- copy-to <postgres URL>`: the SQLite waitlist of
 * WAITLIST_DB_PATH copied into an empty PostgreSQL database (see
 * copyToPostgres), and what was copied said table by table.
 */
import fs from "fs"
import { copyToPostgres, describePostgres, type CopiedTables } from "../db/copy-to-postgres"
import type { Db } from "../db/db"
import { outboxDepth } from "../outbox/outbox-queries"
import type { StoreSettings } from "../settings"
import { counted } from "../../words/counted"

/** What copy-to takes. */
export const COPY_TO_ARGUMENT =
  "copy-to takes the URL of an empty PostgreSQL database: postgres://user:password@host:5432/database"

/** The PostgreSQL URL of the argument, or null for anything else. */
export function postgresUrlOf(value: string | undefined): string | null {
  try {
    const url = new URL(value?.trim() ?? "")
    return url.protocol === "postgres:" || url.protocol === "postgresql:" ? url.href : null
  } catch {
    return null
  }
}

/** What copy-to prints: each table with its rows, what waits in the outbox, and what to do next. */
export function copiedText(file: string, url: string, copied: CopiedTables, waiting: number): string {
  const width = Math.max(...copied.map(({ table }) => table.length))
  const rows = copied.reduce((sum, { rows }) => sum + rows, 0)
  return (
    [
      `Copied the SQLite waitlist at ${file} into PostgreSQL at ${describePostgres(url)}: ${counted(rows, "row")} in ${counted(copied.length, "table")}.`,
      ...copied.map(({ table, rows }) => `  ${table.padEnd(width)}  ${rows}`),
      waiting === 0
        ? "Nothing waits in the outbox."
        : `${counted(waiting, "delivery", "deliveries")} ${waiting === 1 ? "waits" : "wait"} in the outbox: the first server started on PostgreSQL sends ${waiting === 1 ? "it" : "them"}, once.`,
      `Next: start the site with DATABASE_URL set to this database, and keep ${file} until it has served well.`,
    ].join("\n") + "\n"
  )
}

/**
 * Copies the SQLite waitlist `db` (at `store`) into the PostgreSQL database
 * of `url`, and says what it copied.
 * @throws Error saying why when the store is not SQLite, its file is missing, or the target is not empty
 */
export async function copyTo(
  db: Db,
  store: StoreSettings | undefined,
  url: string,
  out: (text: string) => void,
): Promise<void> {
  if (store?.kind !== "sqlite")
    throw new Error("copy-to copies the SQLite waitlist of WAITLIST_DB_PATH: run it without DATABASE_URL set")
  // Opening a missing file would make a new, empty waitlist, and copy that.
  if (!fs.existsSync(store.file))
    throw new Error(`there is no SQLite waitlist at ${store.file}: set WAITLIST_DB_PATH to its file`)
  const copied = await copyToPostgres(db, url)
  const { pending, paused } = await outboxDepth(db)
  out(copiedText(store.file, url, copied, pending + paused))
}
