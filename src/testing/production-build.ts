import { spawn } from "child_process"
import crypto from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "./project-root"
import { reasonToRebuildPages } from "./stale-pages"

type FunctionEntry = { originalAbsoluteFilePath: string; relativeCompiledFilePath: string }

/** Webpack names every bundled module of a compiled Function in a comment line. */
const BUNDLED_SOURCE = /^(?:;\/\/|\/\/ EXTERNAL MODULE:) \.\/(src\/\S+\.tsx?)$/gm

const mtime = (file: string) => fs.statSync(file).mtimeMs

/** Why the build must run again, or null when `public/` and the compiled Functions are up to date. */
export function reasonToBuild(root = PROJECT_ROOT): string | null {
  const functionsDir = path.join(root, ".cache", "functions")
  const manifest = path.join(functionsDir, "manifest.json")
  if (!fs.existsSync(path.join(root, "public", "404.html"))) return "public/404.html is missing"
  if (!fs.existsSync(manifest)) return ".cache/functions/manifest.json is missing"
  for (const entry of JSON.parse(fs.readFileSync(manifest, "utf8")) as FunctionEntry[]) {
    const compiled = path.join(functionsDir, entry.relativeCompiledFilePath)
    if (!fs.existsSync(compiled)) return `${entry.relativeCompiledFilePath} is missing`
    const bundled = [...fs.readFileSync(compiled, "utf8").matchAll(BUNDLED_SOURCE)].map((match) => path.join(root, match[1] ?? ""))
    const sources = [entry.originalAbsoluteFilePath, ...bundled]
    const changed = sources.find((source) => !fs.existsSync(source) || mtime(source) > mtime(compiled))
    if (changed) return `${path.relative(root, changed)} changed after ${entry.relativeCompiledFilePath} was compiled`
  }
  return reasonToRebuildPages(root)
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** A lock whose owner died (a run killed mid-build) or that never got one within seconds is left over. */
function isLeftOver(lock: string): boolean {
  const owner = Number(fs.readFileSync(path.join(lock, "owner"), { encoding: "utf8", flag: "a+" }))
  if (owner > 0) return !isAlive(owner)
  return Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 5000
}

/**
 * One build at a time per project, across jest workers and test runs: the
 * lock is a folder, which is created atomically or not at all, holding the
 * owner's process id so that a lock left by a killed run is taken over.
 */
async function withBuildLock<T>(root: string, work: () => Promise<T>): Promise<T> {
  const id = crypto.createHash("sha1").update(root).digest("hex").slice(0, 12)
  const lock = path.join(os.tmpdir(), `site-build-${id}.lock`)
  for (;;) {
    try {
      fs.mkdirSync(lock)
      fs.writeFileSync(path.join(lock, "owner"), String(process.pid))
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
      if (isLeftOver(lock)) fs.rmSync(lock, { recursive: true, force: true })
      else await pause(500)
    }
  }
  try {
    return await work()
  } finally {
    fs.rmSync(lock, { recursive: true, force: true })
  }
}

function gatsbyBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000))
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.once("error", reject)
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`\`gatsby build\` failed (exit code ${code}):\n${output}`)),
    )
  })
}

/**
 * Makes sure a production build of the current sources exists, running
 * `gatsby build` (once, whatever the number of jest workers) when `public/`
 * or the compiled Functions are missing or older than their sources, so the
 * API tests work from a clean clone and never test stale code.
 */
export async function ensureProductionBuild(root = PROJECT_ROOT): Promise<void> {
  if (reasonToBuild(root) === null) return
  await withBuildLock(root, async () => {
    const reason = reasonToBuild(root)
    if (reason === null) return
    process.stderr.write(`Building the site for the API tests (${reason}): gatsby build, about 30 s...\n`)
    const started = Date.now()
    await gatsbyBuild(root)
    process.stderr.write(`Built in ${Math.round((Date.now() - started) / 1000)} s.\n`)
  })
}
