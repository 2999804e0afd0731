/**
 * The server's worker threads: work that would hold the event loop runs in
 * one, from an entry of its own. The build compiles each entry beside the
 * server (dist/<name>.js, see bundleServer); run from the sources (the
 * tests, `npm run develop`), a worker loads its TypeScript through tsx.
 */
import fs from "fs"
import path from "path"

/** Each worker's entry, by the name of its compiled file. */
export const WORKER_ENTRIES = {
  /** The strength check of a new password (see password-checker.ts). */
  "password-strength": "src/server/admin/password-strength-worker.ts",
  /** The checkpoints of a SQLite file (see wal-checkpoints.ts). */
  "sqlite-checkpoint": "src/server/db/checkpoint-worker.ts",
} as const

export type WorkerName = keyof typeof WORKER_ENTRIES

/** The folder of package.json above `from`. */
function projectRootAbove(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, "package.json"))) return folder
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${from}`)
  }
}

/** Where a worker's code is, and what Node needs to run it: the compiled file beside the server's, else the source through tsx. */
export function workerScript(name: WorkerName): { file: string; execArgv: string[] } {
  const compiled = path.join(__dirname, `${name}.js`)
  if (fs.existsSync(compiled)) return { file: compiled, execArgv: [] }
  return { file: path.join(projectRootAbove(__dirname), WORKER_ENTRIES[name]), execArgv: ["--import", "tsx"] }
}
