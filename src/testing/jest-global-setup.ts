import { execSync } from "child_process"
import fs from "fs"
import { findPostgresBinDir } from "./find-postgres-bin-dir"

/**
 * Runs once before the Jest suites: on a fresh machine, as root, installs
 * Debian's PostgreSQL server, which the waitlist's tests start throwaway
 * clusters of. Anyone else without it gets the failing tests' own message
 * on how to install it: never a skip.
 */
export default function installMissingPostgres(): void {
  try {
    findPostgresBinDir()
    return
  } catch {
    if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) return
  }
  console.log("\nPostgreSQL is missing: installing Debian's package (apt-get install postgresql)…")
  execSync("apt-get update -qq && apt-get install -y -qq postgresql", {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  })
}
