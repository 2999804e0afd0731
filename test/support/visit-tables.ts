import { execFile } from "child_process"
import fs from "fs"
import path from "path"
import { promisify } from "util"
import Database from "better-sqlite3"
import { Client } from "pg"
import { findPostgresBinDir } from "./find-postgres-bin-dir"

type Settings = Record<string, string>
type Row = Record<string, unknown>

/** Every row of a table of the store these settings name, read as the database holds it (not through the store's code). */
export async function tableRows(settings: Settings, table: string): Promise<Row[]> {
  if (settings.DATABASE_URL) {
    const client = new Client({ connectionString: settings.DATABASE_URL })
    await client.connect()
    try {
      return (await client.query(`SELECT * FROM ${table}`)).rows as Row[]
    } finally {
      await client.end()
    }
  }
  const db = new Database(settings.WAITLIST_DB_PATH ?? "", { readonly: true, fileMustExist: true })
  try {
    return db.prepare(`SELECT * FROM ${table}`).all() as Row[]
  } finally {
    db.close()
  }
}

/**
 * Every byte the store holds: the SQLite file with its write-ahead log and
 * its index, or a dump of the PostgreSQL database's data (pg_dump).
 */
export async function storeBytes(settings: Settings): Promise<Buffer> {
  if (settings.DATABASE_URL) {
    const dump = await promisify(execFile)(
      path.join(findPostgresBinDir(), "pg_dump"),
      ["--data-only", settings.DATABASE_URL],
      { encoding: "buffer", maxBuffer: 512 * 1024 * 1024 },
    )
    return dump.stdout
  }
  const file = settings.WAITLIST_DB_PATH ?? ""
  return Buffer.concat(
    [file, `${file}-wal`, `${file}-shm`].filter((part) => fs.existsSync(part)).map((part) => fs.readFileSync(part)),
  )
}
