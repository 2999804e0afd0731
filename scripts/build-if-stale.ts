/**
 * `npm start`'s first step: builds the site (`gatsby build`) for the
 * address the server will serve at, only when there is no finished build
 * for it or a source's content changed since, so an unchanged tree is
 * served at once. `npm run build` always builds. It reads .env as
 * `npm run serve` does, the shell's variables winning.
 */
import { spawnSync } from "child_process"
import fs from "fs"
import path from "path"
import { parseEnv } from "util"
import { startBuild, type StartBuild } from "../src/build/start-build"
import { SettingsError } from "../src/server/settings"

const root = path.join(__dirname, "..")
const envFile = path.join(root, ".env")
const env = { ...(fs.existsSync(envFile) ? parseEnv(fs.readFileSync(envFile, "utf8")) : {}), ...process.env }

let plan: StartBuild | null = null
try {
  plan = startBuild(root, env, process.stdout.isTTY === true)
} catch (error) {
  if (!(error instanceof SettingsError)) throw error
  console.error(error.message)
  process.exitCode = 1
}
if (plan?.reason === null) {
  console.log(
    `The build for ${plan.siteUrl} is up to date with the sources: serving it (\`npm run build\` builds anew).`,
  )
} else if (plan) {
  console.log(`Building the site for ${plan.siteUrl} (${plan.reason}): gatsby build, which names each step it takes.`)
  const build = spawnSync(path.join(root, "node_modules", ".bin", "gatsby"), plan.args, {
    cwd: root,
    env: { ...process.env, ...plan.env },
    stdio: "inherit",
  })
  process.exitCode = build.status ?? 1
}
