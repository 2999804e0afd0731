/**
 * Whether the production build (public/ and dist/) is older than what it
 * is made from: `npm start` serves an unchanged tree's build at once and
 * builds only when a source changed, and the tests share one build the
 * same way (see test/support/production-build.ts).
 */
import fs from "fs"
import path from "path"

/** What the build is made from: a change to any of these calls for a new build. */
const BUILD_SOURCES = [
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby-ssr.tsx",
  "gatsby-browser.tsx",
  "package-lock.json",
  "content",
  "src",
  "plugins",
  "static",
]

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
    .reduce<{ file: string; mtime: number } | null>(
      (newest, next) => (next && (!newest || next.mtime > newest.mtime) ? next : newest),
      null,
    )
}

/** Why the build must run again, or null when the pages and the compiled server are up to date with every source. */
export function reasonToBuild(root: string): string | null {
  for (const output of ["public/404.html", "src/gatsby-types.d.ts", LAST_BUILD_OUTPUT]) {
    if (!fs.existsSync(path.join(root, output))) return `${output} is missing`
  }
  const builtAt = fs.statSync(path.join(root, LAST_BUILD_OUTPUT)).mtimeMs
  const changed = BUILD_SOURCES.map((entry) => newestSource(root, entry)).find(
    (newest) => newest && newest.mtime > builtAt,
  )
  return changed ? `${changed.file} changed after the last build` : null
}
