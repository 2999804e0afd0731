/**
 * SQLite's checkpoints off the event loop. SQLite writes its log back into
 * the file (a checkpoint) inside the commit that takes the log past 1,000
 * pages: at 200,000 people in line, half of a departure's longest hold of
 * the event loop. The server's connection makes none; after a commit that
 * leaves the log over LOG_BYTES, a worker thread with a connection of its
 * own makes one (started then: a small list never starts it). Should the
 * worker fail, the connection checkpoints as SQLite does by default.
 */
import fs from "fs"
import { Worker } from "worker_threads"
import { workerScript } from "../threads/worker-entries"

/** The log's size past which it is written back: SQLite's own 1,000 pages of 4 KB. */
export const LOG_BYTES = 4 * 1024 * 1024

/** The checkpoints of one SQLite file: asked after each commit, made by a worker thread. */
export type WalCheckpoints = {
  /** After a commit: a checkpoint is asked when the log has grown past LOG_BYTES. */
  afterCommit(): void
  /** Ends the worker (its checkpoint under way done first), before the server's own connection closes. */
  close(): Promise<void>
}

const logBytes = (log: string) => {
  try {
    return fs.statSync(log).size
  } catch {
    return 0
  }
}

/** The checkpoints of `file` (see the module's header); `failed` hands them back to the connection. */
export function walCheckpoints(file: string, failed: (error: Error) => void): WalCheckpoints {
  let worker: Worker | null = null
  let asking = false
  let askAgain = false
  // Closed, or handed back: no worker is asked, or started, again.
  let over = false

  const started = (): Worker => {
    if (worker) return worker
    const { file: script, execArgv } = workerScript("sqlite-checkpoint")
    const thread = new Worker(script, { execArgv, workerData: { file } })
    thread.unref()
    thread.on("message", () => {
      asking = false
      if (askAgain && !over) ask()
    })
    thread.on("error", (error) => {
      if (over) return
      over = true
      failed(error)
    })
    thread.on("exit", () => {
      if (worker === thread) worker = null
      asking = false
    })
    worker = thread
    return thread
  }

  function ask() {
    askAgain = false
    asking = true
    started().postMessage("checkpoint")
  }

  return {
    afterCommit() {
      if (over || logBytes(`${file}-wal`) <= LOG_BYTES) return
      if (asking) askAgain = true
      else ask()
    },
    async close() {
      over = true
      const thread = worker
      if (!thread) return
      worker = null
      // Held open until the worker has closed its connection, as a command's last step may be this close.
      thread.ref()
      const exited = new Promise((resolve) => thread.once("exit", resolve))
      thread.postMessage("close")
      await exited
    },
  }
}
