import { spawnSync } from "child_process"
import fs from "fs"
import path from "path"

/** The project's root: the folder that holds package.json. */
export const projectRoot = path.resolve(__dirname, "..", "..")

const BUILD_OUTPUTS = ["public/404.html", ".cache/functions/manifest.json"]

const hasBuild = () => BUILD_OUTPUTS.every((file) => fs.existsSync(path.join(projectRoot, file)))

function gatsbyBuild(): { ok: boolean; output: string } {
  const gatsby = path.join(projectRoot, "node_modules", ".bin", "gatsby")
  const result = spawnSync(gatsby, ["build"], {
    cwd: projectRoot,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: "true" },
  })
  return { ok: result.status === 0 && hasBuild(), output: `${result.stdout}\n${result.stderr}` }
}

/**
 * Runs `gatsby build`, so the suite always judges the code as it is now
 * (Gatsby rebuilds incrementally: a few seconds when little changed).
 * A failed build is tried once more: `gatsby build` fails when another
 * build of the same folder (one that does not take the build lock) writes
 * .cache/ at the same time; a second failure is a real one.
 * E2E_REUSE_BUILD=1 keeps an existing build, for quick runs while writing tests.
 * @throws Error with the build's output when it fails.
 */
export function buildSite(): void {
  if (process.env.E2E_REUSE_BUILD === "1" && hasBuild()) {
    console.log("E2E_REUSE_BUILD=1: testing the existing build in public/")
    return
  }
  console.log("Building the site for the browser tests (gatsby build)…")
  const started = Date.now()
  let build = gatsbyBuild()
  if (!build.ok) {
    console.log(`gatsby build failed; building once more. Its output:\n${build.output}`)
    build = gatsbyBuild()
  }
  if (!build.ok) throw new Error(`gatsby build failed:\n${build.output}`)
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}
