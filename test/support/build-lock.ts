import crypto from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "./project-root"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** A lock whose owner died (a run killed mid-build), or that got no owner within seconds, is left over. */
function isLeftOver(lock: string): boolean {
  const owner = Number(fs.readFileSync(path.join(lock, "owner"), { encoding: "utf8", flag: "a+" }))
  if (owner > 0) return !isAlive(owner)
  return Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 5000
}

/**
 * Takes the project's build lock, so that no two `gatsby build`s write
 * public/, .cache/ and dist/ at once, and no build rewrites them while a
 * suite is looking at them: Jest's workers and the browser suite share it.
 * The lock is a folder in the temp dir, created atomically or not at all,
 * holding its owner's process id, so a lock left by a killed run is taken
 * over. Resolves with the function that releases it (once; later calls do nothing).
 */
export async function takeBuildLock(root = PROJECT_ROOT): Promise<() => void> {
  const id = crypto.createHash("sha1").update(root).digest("hex").slice(0, 12)
  const lock = path.join(os.tmpdir(), `site-build-${id}.lock`)
  let waited = false
  for (;;) {
    try {
      fs.mkdirSync(lock)
      fs.writeFileSync(path.join(lock, "owner"), String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      if (isLeftOver(lock)) {
        fs.rmSync(lock, { recursive: true, force: true })
        continue
      }
      if (!waited) process.stderr.write(`Waiting for another build of this project to finish (${lock})…\n`)
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

/** Runs `work` holding the build lock. */
export async function withBuildLock<T>(work: () => Promise<T>, root = PROJECT_ROOT): Promise<T> {
  const release = await takeBuildLock(root)
  try {
    return await work()
  } finally {
    release()
  }
}
