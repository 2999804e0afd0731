import fs from "fs"
import { installSystemPackages } from "../../test/support/system-packages"

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

/**
 * Makes sure the browser exists before any test runs. When it is missing and
 * CHROME_PATH was not given, Debian's package is installed with the script
 * `.ci/run` uses (as root); anyone else gets an error that says what to do.
 * Never a silent skip.
 * @throws Error when no browser can be found or installed.
 */
export function ensureChromium(): void {
  if (fs.existsSync(chromiumPath)) return
  if (process.env.CHROME_PATH) {
    throw new Error(
      `CHROME_PATH is ${chromiumPath}, which does not exist: point it at a Chromium or Chrome binary, or unset it.`,
    )
  }
  installSystemPackages("chromium")
  if (!fs.existsSync(chromiumPath))
    throw new Error(
      `Chromium is still missing at ${chromiumPath}: install it with \`apt-get install chromium\` as root.`,
    )
}
