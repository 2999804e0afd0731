import { spawn } from "child_process"
import fs from "fs"
import path from "path"
import { withBuildLock } from "./build-lock"
import { PROJECT_ROOT } from "./project-root"

/** What the build is made from: a change to any of these calls for a new build. */
const BUILD_SOURCES = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-ssr.tsx", "gatsby-browser.tsx", "content", "src", "plugins", "static"]

/** Tests and the types the build writes itself are not part of what it builds. */
const NOT_A_SOURCE = /(^|\/)__tests__(\/|$)|\.test\.tsx?$|(^|\/)gatsby-types\.d\.ts$/

/** The build's last step writes this file (gatsby-node's onPostBuild compiles the server), so it marks a finished build. */
export const LAST_BUILD_OUTPUT = path.join("dist", "server.js")

function newestSource(root: string, entry: string): { file: string; mtime: number } | null {
  const full = path.join(root, entry)
  if (NOT_A_SOURCE.test(entry) || !fs.existsSync(full)) return null
  const stat = fs.statSync(full)
  if (!stat.isDirectory()) return { file: entry, mtime: stat.mtimeMs }
  return fs
    .readdirSync(full)
    .map((name) => newestSource(root, path.posix.join(entry, name)))
    .reduce<{ file: string; mtime: number } | null>((newest, next) => (next && (!newest || next.mtime > newest.mtime) ? next : newest), null)
}

/** Why the build must run again, or null when the pages and the compiled server are up to date with every source. */
export function reasonToBuild(root = PROJECT_ROOT): string | null {
  for (const output of ["public/404.html", "src/gatsby-types.d.ts", LAST_BUILD_OUTPUT]) {
    if (!fs.existsSync(path.join(root, output))) return `${output} is missing`
  }
  const builtAt = fs.statSync(path.join(root, LAST_BUILD_OUTPUT)).mtimeMs
  const changed = BUILD_SOURCES.map((entry) => newestSource(root, entry)).find((newest) => newest && newest.mtime > builtAt)
  return changed ? `${changed.file} changed after the last build` : null
}

/** Runs `gatsby build` as `npm run build` does; rejects with the tail of its output when it fails. */
export function gatsbyBuild(root = PROJECT_ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000))
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.once("error", reject)
    child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`\`gatsby build\` failed (exit code ${code}):\n${output}`))))
  })
}

/**
 * Builds when the build is missing or older than its sources. The caller
 * holds the build lock (see ensureProductionBuild, and the browser suite's
 * global setup, which keeps it while the suite runs).
 */
export async function buildIfStale(root = PROJECT_ROOT): Promise<void> {
  const reason = reasonToBuild(root)
  if (reason === null) return
  process.stderr.write(`Building the site for the tests (${reason}): gatsby build, about a minute...\n`)
  const started = Date.now()
  await gatsbyBuild(root)
  process.stderr.write(`Built in ${Math.round((Date.now() - started) / 1000)} s.\n`)
}

/**
 * Makes sure a production build of the current sources exists, building
 * once (whatever the number of Jest workers), so the suites work from a
 * clean clone and never test stale code.
 */
export async function ensureProductionBuild(root = PROJECT_ROOT): Promise<void> {
  if (reasonToBuild(root) === null) return
  await withBuildLock(() => buildIfStale(root), root)
}
