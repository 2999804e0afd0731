/**
 * Compiles programs of the server into dist/ without a site build:
 * `tsx scripts/compile-programs.ts waitlist`. scripts/run-compiled.mjs runs
 * it for a program that is not compiled yet.
 */
import path from "path"
import { bundleServer, COMPILED_PROGRAMS, type CompiledProgram } from "../src/build/bundle-server"

const names = process.argv.slice(2)
const unknown = names.filter((name) => !(name in COMPILED_PROGRAMS))
if (names.length === 0 || unknown.length > 0) {
  console.error(`Name the programs to compile: ${Object.keys(COMPILED_PROGRAMS).join(", ")}.`)
  process.exit(1)
}
void bundleServer(path.join(__dirname, ".."), names as CompiledProgram[])
