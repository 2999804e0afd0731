import { execFileSync } from "child_process"
import path from "path"
import { PROJECT_ROOT } from "./project-root"

/**
 * Installs Debian packages the tests need and the machine lacks, with the
 * script `.ci/run` uses (scripts/install-system-packages.sh): as root it
 * runs apt-get; anyone else gets an error that says what to install. Never
 * a silent skip.
 * @throws Error when a package is missing and cannot be installed.
 */
export function installSystemPackages(...packages: ("chromium" | "postgresql" | "dovecot" | "spamassassin")[]): void {
  try {
    execFileSync(path.join(PROJECT_ROOT, "scripts", "install-system-packages.sh"), packages, {
      stdio: ["ignore", "inherit", "pipe"],
    })
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
    throw new Error(stderr || `Installing ${packages.join(" and ")} failed: ${(error as Error).message}`)
  }
}
