import crypto from "crypto"
import fs from "fs"
import os from "os"
import path from "path"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Older than this, a lock was left by a process that died. */
const STALE_AFTER_MS = 10 * 60_000

/**
 * Takes the project's build lock: a folder in the temp dir, created
 * atomically or not at all. It is the lock src/testing/production-build.ts
 * takes before the API tests build, so two `gatsby build`s never write
 * public/ and .cache/ at once. Resolves with the function that releases it (once; later calls do nothing).
 */
export async function takeBuildLock(root: string): Promise<() => void> {
  const id = crypto.createHash("sha1").update(root).digest("hex").slice(0, 12)
  const lock = path.join(os.tmpdir(), `site-build-${id}.lock`)
  let waited = false
  for (;;) {
    try {
      fs.mkdirSync(lock)
      break
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
      if (age > STALE_AFTER_MS) fs.rmSync(lock, { recursive: true, force: true })
      if (!waited) console.log(`Waiting for another build of this project to finish (${lock})…`)
      waited = true
      await pause(500)
    }
  }
  let held = true
  return () => {
    if (!held) return
    held = false
    fs.rmSync(lock, { recursive: true, force: true })
  }
}
