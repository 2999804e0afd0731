/**
 * Runs a program the build compiles into dist/ with plain Node:
 * `node scripts/run-compiled.mjs server` (npm start, npm run serve) or
 * `node scripts/run-compiled.mjs waitlist count` (npm run waitlist, and
 * npm run admin likewise). The server needs a build; the CLIs do not: when one is not
 * compiled yet, or older than its sources, it is compiled first, as long as
 * the development packages are installed.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const [program = "", ...args] = process.argv.slice(2)
const compiled = path.join(root, "dist", `${program}.js`)
if (!/^[a-z-]+$/.test(program)) {
  console.error(`There is no program "${program}" to run: name server, waitlist or admin.`)
  process.exit(1)
}
/** The newest modification time of the files under a folder (0 when it is absent, as in an install of the build alone). */
function newest(folder) {
  let time = 0
  for (const entry of fs.existsSync(folder) ? fs.readdirSync(folder, { withFileTypes: true, recursive: true }) : []) {
    if (entry.isFile())
      time = Math.max(time, fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs)
  }
  return time
}

/** The programs that need no site build: they are compiled on their own when missing. */
const COMMAND_LINES = new Set(["waitlist", "admin"])
// The server comes with the build it serves (and marks it finished: see test/support/production-build.ts).
if (!COMMAND_LINES.has(program) && !fs.existsSync(compiled)) {
  console.error(`There is no built ${program} in dist/: run \`npm run build\` first.`)
  process.exit(1)
}
// The CLI is compiled anew when missing or older than a source (an edit since the last build), so what runs is what the sources say.
const existed = fs.existsSync(compiled)
if (!existed || fs.statSync(compiled).mtimeMs < newest(path.join(root, "src"))) {
  const compiling = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts", "compile-programs.ts"), program],
    { cwd: root, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
  )
  // Without the development packages (an install of the build alone), the CLI the build compiled runs as it is.
  if (compiling.status !== 0 && !existed) {
    const why = /Cannot find (package|module) 'tsx'/.test(compiling.stderr) ? "" : `\n${compiling.stderr.trim()}`
    console.error(
      `There is no compiled ${program} in dist/ and it could not be compiled here: run \`npm run build\` first.${why}`,
    )
    process.exit(1)
  }
}
// The program reads its own arguments, as if Node had started it directly.
process.argv = [process.argv[0] ?? "node", compiled, ...args]
await import(compiled)
