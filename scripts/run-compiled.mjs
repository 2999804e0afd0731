/**
 * Runs a program the build compiled into dist/ with plain Node:
 * `node scripts/run-compiled.mjs server` (npm start, npm run serve) or
 * `node scripts/run-compiled.mjs waitlist count` (npm run waitlist). Before
 * the first build there is nothing to run, and it says so in one line.
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const [program = "", ...args] = process.argv.slice(2)
const compiled = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", `${program}.js`)
if (!/^[a-z-]+$/.test(program) || !fs.existsSync(compiled)) {
  console.error(`There is no built ${program || "program"} in dist/: run \`npm run build\` first.`)
  process.exit(1)
}
// The program reads its own arguments, as if Node had started it directly.
process.argv = [process.argv[0] ?? "node", compiled, ...args]
await import(compiled)
