/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import BetterSqlite3 from "better-sqlite3"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { describeWaitlistCrashes } from "../../../../test/support/waitlist-crash-behaviour"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-crash-sqlite-"))

beforeAll(() => ensureProductionBuild(), 10 * 60_000)
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** The file passes SQLite's own integrity check, read as a fresh process would after the crash. */
async function expectStoreConsistent(settings: Record<string, string>) {
  const Database = BetterSqlite3
  const db = new Database(settings.WAITLIST_DB_PATH ?? "", { fileMustExist: true })
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok")
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal")
  } finally {
    db.close()
  }
}

describe("the waitlist killed under load, with the SQLite store", () =>
  describeWaitlistCrashes({
    newStore: async () => ({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") }),
    expectStoreConsistent,
    figures: recordFigures("crash", "SQLite"),
  }))
