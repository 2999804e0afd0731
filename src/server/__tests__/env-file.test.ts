/**
 * @jest-environment node
 *
 * Settings from a `.env` file: the npm scripts that start the server, the
 * develop server and the command lines give Node the same option, and
 * .env.example holds only settings the server reads, each valid.
 */
import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { parseEnv } from "util"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { compiledWaitlistCli } from "../../../test/support/waitlist-cli"
import { openDbOf, saveEntry } from "../../../test/support/waitlist-store-access"
import { HEAP_FLAGS } from "../heap-flags"
import { readSettings, SETTING_NAMES } from "../settings"

const scripts = (
  JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts
const ENV_FILE_OPTION = "--env-file-if-exists=.env"

/** The options a script gives Node before the program it runs. */
const nodeOptionsOf = (script: string) => {
  const words = script.split(" ")
  expect(words[0]).toBe("node")
  return words.slice(
    1,
    words.findIndex((word, i) => i > 0 && !word.startsWith("--")),
  )
}

const cli = compiledWaitlistCli()
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-file-"))
beforeAll(() => cli.compile(), 120_000)
afterAll(() => {
  cli.remove()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("settings from a .env file", () => {
  it.each([
    // The server's heap flags aside (see heap-flags.ts).
    ["serve", [...HEAP_FLAGS, ENV_FILE_OPTION]],
    ["develop", [ENV_FILE_OPTION]],
    ["waitlist", [ENV_FILE_OPTION]],
    ["admin", [ENV_FILE_OPTION]],
  ])("are read by `npm run %s`", (name, options) => {
    expect(nodeOptionsOf(scripts[name] ?? "")).toEqual(options)
  })

  it("reach the command line run with the scripts' option in a folder with a .env, and yield to the shell's variables", async () => {
    const listed = path.join(dir, "listed.sqlite")
    const db = openDbOf({ WAITLIST_DB_PATH: listed })
    await saveEntry(db, { name: "Ana", email: "ana@example.com", message: "", metadata: {} })
    await db.close()
    fs.writeFileSync(path.join(dir, ".env"), `# the waitlist of this folder\nWAITLIST_DB_PATH=${listed}\n`)
    const count = (env: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        const { WAITLIST_DB_PATH: _, DATABASE_URL: __, ...outer } = process.env
        execFile(
          process.execPath,
          [...nodeOptionsOf(scripts.waitlist ?? ""), cli.program, "count"],
          { cwd: dir, env: { ...outer, ...env } },
          (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
        )
      })
    expect(await count({})).toBe("1\n")
    expect(await count({ WAITLIST_DB_PATH: path.join(dir, "other.sqlite") })).toBe("0\n")
  }, 60_000)
})

describe(".env.example", () => {
  const example = fs.readFileSync(path.join(PROJECT_ROOT, ".env.example"), "utf8")
  const uncommented = parseEnv(example.replace(/^# ?([A-Z][A-Z0-9_]*=)/gm, "$1"))

  it("names only settings the server reads, and every one it names is valid as written", () => {
    expect(Object.keys(uncommented).length).toBeGreaterThan(5)
    expect(Object.keys(uncommented).filter((name) => !SETTING_NAMES.includes(name as never))).toEqual([])
    expect(() => readSettings(uncommented)).not.toThrow()
  })

  it("sets nothing as it is shipped: every line is a comment", () => {
    expect(parseEnv(example)).toEqual({})
  })
})
