import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"

const run = promisify(execFile)

/** A small RAM-backed file system of its own, to fill up or turn read-only without touching the machine's disks. */
export type TmpfsMount = {
  dir: string
  /** Makes the file system read-only, or writable again. */
  remount(options: { readOnly: boolean }): Promise<void>
  /** Unmounts it and removes the mount point. */
  unmount(): Promise<void>
}

/**
 * Mounts a tmpfs of `sizeKb` kilobytes on a new temporary folder (needs root,
 * as the tests run).
 * @throws Error saying so when `mount` is refused.
 */
export async function mountTmpfs(sizeKb: number, { readOnly = false } = {}): Promise<TmpfsMount> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-tmpfs-"))
  const options = `size=${sizeKb}k,mode=0755${readOnly ? ",ro" : ""}`
  try {
    await run("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir])
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`The storage-fault tests mount a small tmpfs and need root for it: ${(error as Error).message}`, {
      cause: error,
    })
  }
  return {
    dir,
    remount: async ({ readOnly: ro }) => {
      await run("mount", ["-o", `remount,${ro ? "ro" : "rw"}`, dir])
    },
    unmount: async () => {
      await run("umount", ["-l", dir]).catch(() => undefined)
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Writes one file until the file system says it is full; returns the file's path. */
export function fillUp(dir: string): string {
  const file = path.join(dir, "filler")
  const fd = fs.openSync(file, "w")
  const block = Buffer.alloc(4096, 1)
  try {
    for (;;) fs.writeSync(fd, block)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error
  } finally {
    fs.closeSync(fd)
  }
  return file
}
