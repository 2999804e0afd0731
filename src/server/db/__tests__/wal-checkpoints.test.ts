/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { once } from "events"
import { Worker } from "worker_threads"
import BetterSqlite3 from "better-sqlite3"
import { sql } from "kysely"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { bundleServer } from "../../../build/bundle-server"
import { openDb } from "../db"
import { LOG_BYTES, walCheckpoints } from "../wal-checkpoints"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wal-checkpoints-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const bytes = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0)

/** Waits until `done` holds, asking every 50 ms, for at most 30 s. */
async function eventually(done: () => boolean): Promise<void> {
  for (const giveUp = Date.now() + 30_000; !done();) {
    if (Date.now() > giveUp) throw new Error("still not done after 30 s")
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe("the checkpoints of a SQLite store", () => {
  it("writes a log past 4 MB back into the file from a worker thread, after the commit that grew it, and leaves no log once closed", async () => {
    const file = path.join(dir, "grown.sqlite")
    const db = openDb({ kind: "sqlite", file })
    await db.ping()
    const before = bytes(file)
    // 6,000 people with 1 KB names: 6 MB of pages in one commit.
    await db.write((trx) =>
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
        INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at)
        SELECT hex(randomblob(512)), 'p' || i || '@example.com', 'p' || i || '@example.com', '2026-11-29T10:00:00.000Z', '2026-11-29T10:00:00.000Z' FROM n`.execute(
        trx,
      ),
    )
    expect(bytes(`${file}-wal`)).toBeGreaterThan(LOG_BYTES)
    expect(bytes(file)).toBe(before)
    await eventually(() => bytes(file) > before + LOG_BYTES)
    await db.close()
    expect(fs.existsSync(`${file}-wal`)).toBe(false)
  }, 60_000)

  it("hands the checkpoints back to the connection when its worker cannot open the file", async () => {
    const file = path.join(dir, "never-made.sqlite")
    fs.writeFileSync(`${file}-wal`, Buffer.alloc(LOG_BYTES + 1))
    const failures: Error[] = []
    const checkpoints = walCheckpoints(file, (error) => failures.push(error))
    checkpoints.afterCommit()
    await eventually(() => failures.length > 0)
    expect(failures[0]?.message).toMatch(/unable to open database file/)
    checkpoints.afterCommit()
    await checkpoints.close()
    expect(failures).toHaveLength(1)
  }, 60_000)

  it("runs as the build compiles it, with plain Node and no TypeScript loader", async () => {
    // Under node_modules, so that better-sqlite3 resolves as from dist/.
    const compiled = path.join(PROJECT_ROOT, "node_modules", ".cache", `wal-checkpoints-test-${process.pid}`)
    try {
      await bundleServer(PROJECT_ROOT, ["waitlist"], compiled)
      const file = path.join(dir, "compiled.sqlite")
      const writer = new BetterSqlite3(file)
      writer.pragma("journal_mode = WAL")
      writer.pragma("wal_autocheckpoint = 0")
      writer.exec("CREATE TABLE t (x BLOB)")
      writer.prepare("INSERT INTO t SELECT randomblob(1024) FROM json_each(?)").run(JSON.stringify(Array(6000).fill(0)))
      const before = bytes(file)
      const worker = new Worker(path.join(compiled, "sqlite-checkpoint.js"), { workerData: { file } })
      worker.postMessage("checkpoint")
      const [answer] = (await once(worker, "message")) as [{ failed: string | null }]
      expect(answer).toEqual({ failed: null })
      expect(bytes(file)).toBeGreaterThan(before + LOG_BYTES)
      worker.postMessage("close")
      await once(worker, "exit")
      writer.close()
    } finally {
      fs.rmSync(compiled, { recursive: true, force: true })
    }
  }, 120_000)
})
