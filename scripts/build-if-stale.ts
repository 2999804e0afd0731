/**
 * `npm start`'s first step: builds the site (`gatsby build`) only when the
 * build is missing or older than a source, so an unchanged tree is served
 * at once. `npm run build` always builds.
 */
import { spawnSync } from "child_process"
import path from "path"
import { reasonToBuild } from "../src/build/build-state"

const root = path.join(__dirname, "..")
const reason = reasonToBuild(root)
if (reason === null) {
  console.log("The build is up to date with the sources: serving it (`npm run build` builds anew).")
} else {
  console.log(`Building the site (${reason}): gatsby build, a minute or two…`)
  const build = spawnSync(path.join(root, "node_modules", ".bin", "gatsby"), ["build"], { cwd: root, stdio: "inherit" })
  process.exitCode = build.status ?? 1
}
