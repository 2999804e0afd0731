import { spawn } from "child_process"
import path from "path"
import { LAST_BUILD_OUTPUT, reasonToBuild as reasonToBuildAt } from "../../src/build/build-state"
import { siteFacts } from "../../src/config/site-facts"
import { withBuildLock } from "./build-lock"
import { PROJECT_ROOT } from "./project-root"

export { LAST_BUILD_OUTPUT }

/**
 * Why the build the tests share must run again, or null when it is up to
 * date (see build-state.ts): it is made for the site's public address,
 * which the tests' servers are given as SITE_URL.
 */
export const reasonToBuild = (root = PROJECT_ROOT) => reasonToBuildAt(root, siteFacts.siteUrl)

/** Runs `gatsby build` as `npm run build` does, for the site's public address; rejects with the tail of its output when it fails. */
export function gatsbyBuild(root = PROJECT_ROOT): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules", ".bin", "gatsby"), ["build", "--no-color"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", CI: "1", SITE_URL: siteFacts.siteUrl },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000))
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    child.once("error", reject)
    child.once("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`\`gatsby build\` failed (exit code ${code}):\n${output}`)),
    )
  })
}

/**
 * Builds when the build is missing or older than its sources. The caller
 * holds the build lock (see ensureProductionBuild, and the browser suite's
 * global setup, which keeps it while the suite runs).
 */
export async function buildIfStale(root = PROJECT_ROOT): Promise<void> {
  const reason = reasonToBuild(root)
  if (reason === null) return
  process.stderr.write(`Building the site for the tests (${reason}): gatsby build...\n`)
  const started = Date.now()
  await gatsbyBuild(root)
  process.stderr.write(`Built in ${Math.round((Date.now() - started) / 1000)} s.\n`)
}

/**
 * Makes sure a production build of the current sources exists, building
 * once (whatever the number of Jest workers), so the suites work from a
 * clean clone and never test stale code.
 */
export async function ensureProductionBuild(root = PROJECT_ROOT): Promise<void> {
  if (reasonToBuild(root) === null) return
  await withBuildLock(() => buildIfStale(root), root)
}
