/**
 * Runs a program the build compiles into dist/ with plain Node:
 * `node scripts/run-compiled.mjs server` (npm start, npm run serve) or
 * `node scripts/run-compiled.mjs waitlist count` (npm run waitlist). A
 * program not compiled yet is compiled first from its source (the
 * waitlist's CLI needs no site build), as long as the development
 * packages are installed.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..")
const [program = "", ...args] = process.argv.slice(2)
const compiled = path.join(root, "dist", `${program}.js`)
if (!/^[a-z-]+$/.test(program)) {
  console.error(`There is no program "${program}" to run: name server or waitlist.`)
  process.exit(1)
}
if (!fs.existsSync(compiled)) {
  const compiling = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts", "compile-programs.ts"), program], { cwd: root, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" })
  if (compiling.status !== 0 || !fs.existsSync(compiled)) {
    const why = /Cannot find (package|module) 'tsx'/.test(compiling.stderr) ? "" : `\n${compiling.stderr.trim()}`
    console.error(`There is no compiled ${program} in dist/ and it could not be compiled here: run \`npm run build\` first.${why}`)
    process.exit(1)
  }
}
// The program reads its own arguments, as if Node had started it directly.
process.argv = [process.argv[0] ?? "node", compiled, ...args]
await import(compiled)
