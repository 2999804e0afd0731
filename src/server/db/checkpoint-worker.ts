/**
 * The worker thread that writes SQLite's log back into its file (see
 * wal-checkpoints.ts): a connection of its own to the file, answering each
 * "checkpoint" with a passive checkpoint (it waits for no one, and no one
 * for it) and "close" by closing the connection.
 */
import { parentPort, workerData } from "worker_threads"
import BetterSqlite3 from "better-sqlite3"

const db = new BetterSqlite3((workerData as { file: string }).file, { fileMustExist: true })
// The file is synced before the log is started over, so a crash meanwhile loses no commit.
db.pragma("synchronous = FULL")
parentPort?.on("message", (asked: "checkpoint" | "close") => {
  if (asked === "close") {
    db.close()
    return parentPort?.close()
  }
  try {
    db.pragma("wal_checkpoint(PASSIVE)")
    parentPort?.postMessage({ failed: null })
  } catch (error) {
    parentPort?.postMessage({ failed: (error as Error).message })
  }
})
