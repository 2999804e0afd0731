/**
 * @jest-environment node
 */
import { spawn } from "child_process"
import { once } from "events"
import fs from "fs"
import os from "os"
import path from "path"
import { describeWaitlistStoreBehaviour } from "../../../../test/support/waitlist-store-behaviour"
import { openDbOf, saveEntry } from "../../../../test/support/waitlist-store-access"
import BetterSqlite3 from "better-sqlite3"
import { openDb, StoreUnavailableError } from "../db"
import { countEntries } from "../../entries/entry-list"

const sqliteStore = (file: string) => openDb({ kind: "sqlite", file })

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-sqlite-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

let files = 0

/** Another process writing to a new file, still in rollback mode: it holds the write lock for 300 ms. */
const WRITE_SLOWLY = `
  const [betterSqlite3, file] = process.argv.slice(1)
  const db = new (require(betterSqlite3))(file)
  db.exec("BEGIN IMMEDIATE")
  console.log("locked")
  setTimeout(() => { db.exec("COMMIT"); db.close() }, 300)
`

/** The table of the store's first schema, as files written before the second hold it. */
const FIRST_SCHEMA =
  "CREATE TABLE waitlist_entries (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, email TEXT NOT NULL, email_normalized TEXT NOT NULL UNIQUE, message TEXT NOT NULL, metadata TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)"

/**
 * Another process migrating a new file: it holds the write lock while it
 * writes, one by one, the statements of a file our migrations made (the
 * tables with their rows, the record of the migrations included), then
 * commits 300 ms later.
 */
const MIGRATE_SLOWLY = `
  const [betterSqlite3, file, statements] = process.argv.slice(1)
  const db = new (require(betterSqlite3))(file)
  db.pragma("journal_mode = WAL")
  db.exec("BEGIN IMMEDIATE")
  for (const statement of JSON.parse(statements)) db.exec(statement)
  console.log("locked")
  setTimeout(() => { db.exec("COMMIT"); db.close() }, 300)
`

/** The statements that make a copy of a migrated file: its schema, then its rows. */
async function statementsOfMigratedFile(): Promise<string[]> {
  const file = path.join(dir, "migrated-model.sqlite")
  const model = sqliteStore(file)
  await countEntries(model)
  await model.close()
  const db = new BetterSqlite3(file, { readonly: true })
  const schema = db
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY type = 'index'",
    )
    .all() as { name: string; sql: string }[]
  const tables = schema.filter(({ sql }) => sql.startsWith("CREATE TABLE"))
  const rows = tables.flatMap(({ name }) =>
    (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).map(
      (row) =>
        `INSERT INTO "${name}" VALUES (${Object.values(row)
          .map((value) => (typeof value === "number" ? value : `'${String(value).replace(/'/g, "''")}'`))
          .join(", ")})`,
    ),
  )
  db.close()
  return [...schema.map(({ sql }) => sql), ...rows]
}

describe("the SQLite waitlist store", () => {
  describeWaitlistStoreBehaviour({
    newLocation: async () => path.join(dir, `store-${++files}`, "waitlist.sqlite"),
    open: sqliteStore,
    writeFirstSchema: async (file, rows) => {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      const db = new BetterSqlite3(file)
      db.exec(FIRST_SCHEMA)
      const insert = db.prepare(
        "INSERT INTO waitlist_entries (name, email, email_normalized, message, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      for (const row of rows)
        insert.run(
          row.name,
          row.email,
          row.email.trim().toLowerCase(),
          row.message,
          row.metadata,
          row.createdAt,
          row.updatedAt,
        )
      db.pragma("user_version = 1")
      db.close()
    },
  })

  it("is the store WAITLIST_DB_PATH selects when there is no DATABASE_URL", async () => {
    const file = path.join(dir, "from-env.sqlite")
    const store = openDbOf({ WAITLIST_DB_PATH: file })
    await saveEntry(store, { name: "Ana", email: "ana@example.com", message: "", metadata: {} })
    await store.close()
    const sameFile = sqliteStore(file)
    expect(await countEntries(sameFile)).toBe(1)
    await sameFile.close()
  })

  it("opens a new file while another process is still creating the tables, without creating them twice", async () => {
    const file = path.join(dir, "opened-twice.sqlite")
    const otherProcess = spawn(
      process.execPath,
      ["-e", MIGRATE_SLOWLY, require.resolve("better-sqlite3"), file, JSON.stringify(await statementsOfMigratedFile())],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    )
    await once(otherProcess.stdout, "data")
    const store = sqliteStore(file)
    await saveEntry(store, { name: "Ana", email: "ana@example.com", message: "", metadata: {} })
    expect(await countEntries(store)).toBe(1)
    await store.close()
    await once(otherProcess, "exit")
  })

  it("opens a new file while another process is writing to it, waiting instead of failing with 'database is locked'", async () => {
    const file = path.join(dir, "being-written.sqlite")
    const otherProcess = spawn(process.execPath, ["-e", WRITE_SLOWLY, require.resolve("better-sqlite3"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    await once(otherProcess.stdout, "data")
    const store = sqliteStore(file)
    expect(await countEntries(store)).toBe(0)
    await store.close()
    await once(otherProcess, "exit")
  })

  it("fails with StoreUnavailableError when its folder cannot be created, naming the file", async () => {
    const regularFile = path.join(dir, "not-a-folder")
    fs.writeFileSync(regularFile, "")
    const file = path.join(regularFile, "waitlist.sqlite")
    await expect(countEntries(sqliteStore(file))).rejects.toThrow(StoreUnavailableError)
    await expect(countEntries(openDbOf({ WAITLIST_DB_PATH: file }))).rejects.toThrow(
      `cannot open the SQLite waitlist at ${file}`,
    )
  })
})
