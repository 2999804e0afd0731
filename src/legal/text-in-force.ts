/**
 * Finds the exact text of the version in force, whose hash the lock holds,
 * when `new-version` archives it. Usually the file has already been edited
 * for the new version (edit first, then run new-version), so the bytes that
 * were in force are gone from the working tree. The lock does not depend on
 * git, but git still holds those bytes: this looks for them in the index and
 * in the file's history, and takes them only if their sha256 is the one the
 * lock recorded, so what is archived is verbatim the text that was in force.
 */
import { execFileSync } from "child_process"
import path from "path"
import { LEGAL_DIR } from "./legal-layout"
import { hashText } from "./legal-text"

/** How many of the file's past commits are searched. */
const HISTORY_DEPTH = 200

function git(root: string, args: string[]): string | null {
  try {
    return execFileSync("git", args, {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch {
    return null
  }
}

/**
 * The text whose sha256 is `sha256`: the working file's when it still
 * matches, else the first match in git (the index, then the file's commits,
 * newest first); null when none matches.
 * @param file the file's path relative to content/legal
 */
export function findTextInForce(root: string, file: string, working: string, sha256: string): string | null {
  if (hashText(working) === sha256) return working
  const gitPath = path.posix.join(...LEGAL_DIR.split(path.sep), file)
  const commits =
    git(root, ["log", `--max-count=${HISTORY_DEPTH}`, "--format=%H", "--", gitPath])
      ?.split("\n")
      .filter(Boolean) ?? []
  for (const revision of ["", ...commits]) {
    const text = git(root, ["show", `${revision}:${gitPath}`])
    if (text !== null && hashText(text) === sha256) return text
  }
  return null
}
