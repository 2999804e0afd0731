import fs from "fs"
import path from "path"
import { readScriptHashRecord, SCRIPT_HASH_RECORD } from "../security/script-hash-record"
import { PROJECT_ROOT } from "./project-root"

/** What the built pages are made from: a change to any of these calls for a new build. */
const PAGE_SOURCES = ["gatsby-config.ts", "gatsby-node.ts", "gatsby-ssr.tsx", "gatsby-browser.tsx", "content", "src", "static"]

/** Tests, test helpers and the types the build itself writes are not part of the pages. */
const NOT_A_SOURCE = /(^|\/)(__tests__|testing)(\/|$)|\.test\.tsx?$|(^|\/)gatsby-types\.d\.ts$/

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

/**
 * Why the built pages must be built again, or null when they are up to
 * date: the build's last step (the record of the pages' inline-script hashes)
 * is missing, or a source of the pages changed after it was written.
 */
export function reasonToRebuildPages(root = PROJECT_ROOT): string | null {
  if (readScriptHashRecord(root) === null) return `${SCRIPT_HASH_RECORD} is missing`
  const builtAt = fs.statSync(path.join(root, SCRIPT_HASH_RECORD)).mtimeMs
  const changed = PAGE_SOURCES.map((entry) => newestSource(root, entry)).find((newest) => newest && newest.mtime > builtAt)
  return changed ? `${changed.file} changed after the last build` : null
}
