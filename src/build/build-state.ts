/**
 * Whether the production build (public/ and dist/) still matches what it
 * is made from: `npm start` serves an unchanged tree's build at once and
 * builds only when a source's content changed (an edit reverted, or a
 * checkout that only touched file times, builds nothing), and the tests
 * share one build the same way (see test/support/production-build.ts).
 * A finished build records the digest of every source and the address
 * its pages were made for (see BuildRecord).
 */
import { createHash } from "crypto"
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

/** The build's last step writes this file (gatsby-node's onPostBuild compiles the server). */
export const LAST_BUILD_OUTPUT = path.join("dist", "server.js")

/** Where a finished build records itself, after its last step; a build deletes it when it starts. */
export const BUILD_RECORD = path.join("dist", "build-record.json")

/** What a finished build records: the address its pages give as their own (see siteUrlOfBuild), and the SHA-256 of each source by its path. */
export type BuildRecord = { siteUrl: string; sources: Record<string, string> }

function sourceFiles(root: string, entry: string): string[] {
  if (NOT_A_SOURCE.test(entry)) return []
  const full = path.join(root, entry)
  const stat = fs.statSync(full, { throwIfNoEntry: false })
  if (!stat) return []
  if (!stat.isDirectory()) return [entry]
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => sourceFiles(root, path.posix.join(entry, name)))
}

/** The SHA-256 of every source's content, by its path from the root. */
export function sourceDigests(root: string): Record<string, string> {
  return Object.fromEntries(
    BUILD_SOURCES.flatMap((entry) => sourceFiles(root, entry)).map((file) => [
      file,
      createHash("sha256")
        .update(fs.readFileSync(path.join(root, file)))
        .digest("hex"),
    ]),
  )
}

/** The record of the last finished build, or null when there is none (a build under way or stopped, or none yet). */
export function readBuildRecord(root: string): BuildRecord | null {
  try {
    const record = JSON.parse(fs.readFileSync(path.join(root, BUILD_RECORD), "utf8")) as Partial<BuildRecord>
    return typeof record.siteUrl === "string" && typeof record.sources === "object" && record.sources !== null
      ? { siteUrl: record.siteUrl, sources: record.sources }
      : null
  } catch {
    return null
  }
}

/** Writes the record of a build that has just finished. */
export function writeBuildRecord(root: string, record: BuildRecord): void {
  fs.mkdirSync(path.join(root, path.dirname(BUILD_RECORD)), { recursive: true })
  fs.writeFileSync(path.join(root, BUILD_RECORD), `${JSON.stringify(record)}\n`)
}

/** Deletes the last build's record as a new build starts to overwrite it, so a build that stops halfway is never taken for finished. */
export function forgetBuildRecord(root: string): void {
  fs.rmSync(path.join(root, BUILD_RECORD), { force: true })
}

/** The first source, in path order, that was added, removed or changed between two sets of digests. */
function firstChange(built: Record<string, string>, now: Record<string, string>): string | null {
  const files = [...new Set([...Object.keys(built), ...Object.keys(now)])].sort()
  const file = files.find((name) => built[name] !== now[name])
  if (file === undefined) return null
  if (built[file] === undefined) return `${file} is new since the last build`
  if (now[file] === undefined) return `${file} was removed since the last build`
  return `${file} changed since the last build`
}

/**
 * Why the build must run again, or null when the pages and the compiled
 * server are up to date with the content of every source.
 * @param siteUrl the address the pages must be made for; left out, any will do (the GraphQL types do not depend on it)
 */
export function reasonToBuild(root: string, siteUrl?: string): string | null {
  for (const output of ["public/404.html", "src/gatsby-types.d.ts", LAST_BUILD_OUTPUT]) {
    if (!fs.existsSync(path.join(root, output))) return `${output} is missing`
  }
  const record = readBuildRecord(root)
  if (!record) return "no finished build is recorded"
  if (siteUrl !== undefined && record.siteUrl !== siteUrl)
    return `the last build was made for ${record.siteUrl}, not ${siteUrl}`
  return firstChange(record.sources, sourceDigests(root))
}
