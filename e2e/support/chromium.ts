import { execSync } from "child_process"
import fs from "fs"

/** Debian's Chromium, or the browser CHROME_PATH names: the suite never downloads one. */
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium"

/** Flags for a quiet Chromium that asks the internet for nothing on its own. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Belt and braces to the request guard of the fixtures: no host but this machine resolves.
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]

const HOW_TO_INSTALL =
  "Install Debian's Chromium as root (`apt-get update && apt-get install -y chromium`) " +
  "or point CHROME_PATH at a Chromium or Chrome binary, then run the browser tests again."

const canInstallWithApt = () => process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")

/**
 * Makes sure the browser exists before any test runs. When it is missing and
 * CHROME_PATH was not given, a root user gets Debian's package installed;
 * anyone else gets an error that says what to do. Never a silent skip.
 * @throws Error when no browser can be found or installed.
 */
export function ensureChromium(): void {
  if (fs.existsSync(chromiumPath)) return
  if (process.env.CHROME_PATH) {
    throw new Error(`CHROME_PATH is ${chromiumPath}, which does not exist. ${HOW_TO_INSTALL}`)
  }
  if (!canInstallWithApt()) throw new Error(`Chromium is missing at ${chromiumPath}. ${HOW_TO_INSTALL}`)
  console.log("Chromium is missing: installing Debian's package (apt-get install chromium)…")
  try {
    execSync("apt-get update -qq && apt-get install -y -qq chromium", {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    })
  } catch (error) {
    throw new Error(`Installing Chromium failed (${(error as Error).message}). ${HOW_TO_INSTALL}`)
  }
  if (!fs.existsSync(chromiumPath)) throw new Error(`Chromium is still missing at ${chromiumPath}. ${HOW_TO_INSTALL}`)
}
