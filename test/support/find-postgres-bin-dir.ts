import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"

/** Said whenever the PostgreSQL server is missing, so a test run fails with the fix instead of skipping. */
export const POSTGRES_MISSING =
  "PostgreSQL's server binaries (initdb, pg_ctl) were not found: the waitlist's PostgreSQL tests need them. " +
  "Install them with `apt-get install postgresql` (Debian/Ubuntu), or put the directory of pg_ctl in PG_BIN_DIR."

export type PostgresSearch = {
  /** A directory to use before any other (PG_BIN_DIR). */
  preferred?: string
  /** The pg_config to ask for its --bindir. */
  pgConfig?: string
  /** Where Debian installs each major version. */
  versionsRoot?: string
}

const hasServer = (dir: string): boolean => ["initdb", "pg_ctl"].every((tool) => fs.existsSync(path.join(dir, tool)))

const askPgConfig = (pgConfig: string): string | undefined => {
  try {
    return execFileSync(pgConfig, ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim()
  } catch {
    return undefined
  }
}

const debianVersions = (root: string): string[] => {
  if (!fs.existsSync(root)) return []
  return fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, "bin"))
}

/**
 * The directory holding PostgreSQL's server programs: PG_BIN_DIR, else what
 * `pg_config --bindir` says, else the newest /usr/lib/postgresql/<version>/bin.
 * @throws Error with {@link POSTGRES_MISSING} when none holds initdb and pg_ctl.
 */
export function findPostgresBinDir({
  preferred = process.env.PG_BIN_DIR,
  pgConfig = "pg_config",
  versionsRoot = "/usr/lib/postgresql",
}: PostgresSearch = {}): string {
  const candidates = [preferred, askPgConfig(pgConfig), ...debianVersions(versionsRoot)]
  const found = candidates.find((dir): dir is string => dir !== undefined && dir !== "" && hasServer(dir))
  if (!found) throw new Error(POSTGRES_MISSING)
  return found
}
