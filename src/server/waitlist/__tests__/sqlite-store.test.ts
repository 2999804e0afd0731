/**
 * @jest-environment node
 */
import { spawn } from "child_process"
import { once } from "events"
import fs from "fs"
import os from "os"
import path from "path"
import { describeWaitlistStoreBehaviour } from "../../../../test/support/waitlist-store-behaviour"
import { loadBetterSqlite3 } from "../load-better-sqlite3"
import { openWaitlistStore } from "../open-waitlist-store"
import { linkTokenKey, newLinkToken } from "../link-tokens"
import { MIGRATIONS, SqliteWaitlistStore } from "../sqlite-store"
import { StoreUnavailableError } from "../waitlist-store"

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

/** Another process migrating a new file: it holds the write lock with the first schema's table created, then commits 300 ms later. */
const MIGRATE_SLOWLY = `
  const [betterSqlite3, file] = process.argv.slice(1)
  const db = new (require(betterSqlite3))(file)
  db.pragma("journal_mode = WAL")
  db.exec("BEGIN IMMEDIATE")
  db.exec(${JSON.stringify(FIRST_SCHEMA)})
  db.pragma("user_version = 1")
  console.log("locked")
  setTimeout(() => { db.exec("COMMIT"); db.close() }, 300)
`

describe("the SQLite waitlist store", () => {
  describeWaitlistStoreBehaviour({
    newLocation: async () => path.join(dir, `store-${++files}`, "waitlist.sqlite"),
    open: (file) => new SqliteWaitlistStore(file),
    writeFirstSchema: async (file, rows) => {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      const db = new (loadBetterSqlite3())(file)
      db.exec(FIRST_SCHEMA)
      const insert = db.prepare(
        "INSERT INTO waitlist_entries (name, email, email_normalized, message, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      for (const row of rows) insert.run(row.name, row.email, row.email.trim().toLowerCase(), row.message, row.metadata, row.createdAt, row.updatedAt)
      db.pragma("user_version = 1")
      db.close()
    },
  })

  it("is the store WAITLIST_DB_PATH selects when there is no DATABASE_URL", async () => {
    const file = path.join(dir, "from-env.sqlite")
    const store = openWaitlistStore({ WAITLIST_DB_PATH: file })
    await store.save({ name: "Ana", email: "ana@example.com", message: "", metadata: {} })
    await store.close()
    const sameFile = new SqliteWaitlistStore(file)
    expect(await sameFile.count()).toBe(1)
    await sameFile.close()
  })

  it("opens a new file while another process is still creating the tables, without creating them twice", async () => {
    const file = path.join(dir, "opened-twice.sqlite")
    const otherProcess = spawn(process.execPath, ["-e", MIGRATE_SLOWLY, require.resolve("better-sqlite3"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    await once(otherProcess.stdout, "data")
    const store = new SqliteWaitlistStore(file)
    await store.save({ name: "Ana", email: "ana@example.com", message: "", metadata: {} })
    expect(await store.count()).toBe(1)
    await store.close()
    await once(otherProcess, "exit")
  })

  it("opens a new file while another process is writing to it, waiting instead of failing with 'database is locked'", async () => {
    const file = path.join(dir, "being-written.sqlite")
    const otherProcess = spawn(process.execPath, ["-e", WRITE_SLOWLY, require.resolve("better-sqlite3"), file], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    await once(otherProcess.stdout, "data")
    const store = new SqliteWaitlistStore(file)
    expect(await store.count()).toBe(0)
    await store.close()
    await once(otherProcess, "exit")
  })

  it("keeps the leave links and the queued mail of a file written by the third schema", async () => {
    const file = path.join(dir, `store-${++files}`, "waitlist.sqlite")
    fs.mkdirSync(path.dirname(file))
    const db = new (loadBetterSqlite3())(file)
    MIGRATIONS.slice(0, 3).forEach((step) => step(db))
    db.pragma("user_version = 3")
    const now = "2026-03-01T10:00:00.000Z"
    const { lastInsertRowid: entry } = db
      .prepare("INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at) VALUES ('Ana', 'ana@example.com', 'ana@example.com', ?, ?)")
      .run(now, now)
    const leaveToken = newLinkToken()
    db.prepare("INSERT INTO waitlist_leave_tokens (token_hash, entry_id) VALUES (?, ?)").run(linkTokenKey(leaveToken), entry)
    const payload = JSON.stringify({ kind: "team", messageId: "<m@example.com>", entry: { name: "Ana", email: "ana@example.com", message: "Hola", metadata: {} } })
    db.prepare("INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, next_attempt_at, created_at) VALUES (?, 'notify', 'team@example.com', ?, ?, ?)").run(entry, payload, now, now)
    db.close()

    const store = new SqliteWaitlistStore(file)
    try {
      expect(await store.outbox.claim(new Date(), 60_000, 10)).toEqual([expect.objectContaining({ kind: "notify", payload, message: null })])
      expect(await store.canLeave(linkTokenKey(leaveToken))).toBe(true)
      expect(await store.leave(linkTokenKey(leaveToken))).toBe(true)
      expect(await store.count()).toBe(0)
      expect(await store.outbox.list(["pending", "sent", "failed"])).toEqual([])
    } finally {
      await store.close()
    }
  })

  it("throws StoreUnavailableError when its folder cannot be created, naming the file", () => {
    const regularFile = path.join(dir, "not-a-folder")
    fs.writeFileSync(regularFile, "")
    const file = path.join(regularFile, "waitlist.sqlite")
    expect(() => new SqliteWaitlistStore(file)).toThrow(StoreUnavailableError)
    expect(() => openWaitlistStore({ WAITLIST_DB_PATH: file })).toThrow(`cannot open the SQLite waitlist at ${file}`)
  })
})
