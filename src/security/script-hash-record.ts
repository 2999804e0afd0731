import fs from "fs"
import path from "path"

/**
 * Where the build records the hashes of its inline scripts, beside Gatsby's
 * other build output that the production server reads (.cache/functions):
 * made by every `gatsby build`, ignored by git, removed by `gatsby clean`.
 */
export const SCRIPT_HASH_RECORD = path.join(".cache", "security", "inline-script-hashes.json")

type ScriptHashRecord = { scriptHashes: readonly string[] }

/** Records the inline-script hashes of the build just made. */
export function writeScriptHashRecord(root: string, scriptHashes: readonly string[]): void {
  const file = path.join(root, SCRIPT_HASH_RECORD)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify({ scriptHashes } satisfies ScriptHashRecord, null, 2)}\n`)
}

/**
 * The inline-script hashes the last build recorded, or null when there was
 * no build yet (then the policy allows no inline script at all).
 */
export function readScriptHashRecord(root: string): string[] | null {
  const file = path.join(root, SCRIPT_HASH_RECORD)
  if (!fs.existsSync(file)) return null
  const record = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<ScriptHashRecord>
  if (!Array.isArray(record.scriptHashes) || !record.scriptHashes.every((hash) => /^sha256-[A-Za-z0-9+/]+=*$/.test(hash))) {
    throw new Error(`${file} is not a record of inline-script hashes: build the site again`)
  }
  return [...record.scriptHashes]
}
