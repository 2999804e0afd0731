import { installSystemPackages } from "./system-packages"

/**
 * Runs once before the Jest suites: on a fresh machine, as root, installs
 * Debian's PostgreSQL server, which the waitlist's tests start throwaway
 * clusters of. Anyone else without it gets the failing tests' own message
 * on how to install it: never a skip.
 */
export default function installMissingPostgres(): void {
  try {
    installSystemPackages("postgresql")
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
  }
}
