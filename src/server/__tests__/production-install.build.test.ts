/**
 * @jest-environment node
 *
 * The production install, as the Dockerfile's last stage and
 * docs/operating.md make it: the build's dist/ and public/ with the packages of
 * `npm ci --omit=dev` alone, in a folder of its own outside the project
 * (so nothing resolves from the project's node_modules), serving a page and
 * taking a sign-up.
 */
import { execFile } from "child_process"
import crypto from "crypto"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { rawRequest } from "../../../test/support/raw-http"
import { startSiteServer, type RunningSite } from "../../../test/support/site-server-process"
import { entryFor, postJson } from "../../../test/support/waitlist-api-client"

const run = promisify(execFile)

/** What a production install is made from: its manifest and lock decide its packages. */
const MANIFEST_FILES = ["package.json", "package-lock.json"]

/** What the build gives it: the compiled programs, the pages, and the launcher `npm run serve` and `npm run waitlist` use. */
const BUILD_OUTPUTS = ["dist", "public", "scripts/run-compiled.mjs", "content/announcements"]

/**
 * The folder of the install, named after its manifest and lock, so that
 * the packages are installed once per change of them (a minute or three:
 * better-sqlite3 compiles) and later runs reuse them.
 */
const installDir = () => {
  const hash = crypto.createHash("sha256")
  for (const file of MANIFEST_FILES) hash.update(fs.readFileSync(path.join(PROJECT_ROOT, file)))
  return path.join(os.tmpdir(), `storyling-production-install-${hash.digest("hex").slice(0, 16)}`)
}

/** Every package folder an install holds (`name` or `@scope/name`), nested ones included, as the lock names them. */
function installedPackages(dir: string, prefix = "node_modules"): string[] {
  const found: string[] = []
  const folder = path.join(dir, prefix)
  if (!fs.existsSync(folder)) return found
  for (const entry of fs.readdirSync(folder)) {
    if (entry.startsWith(".")) continue
    const names = entry.startsWith("@")
      ? fs.readdirSync(path.join(folder, entry)).map((name) => `${entry}/${name}`)
      : [entry]
    for (const name of names) {
      found.push(`${prefix}/${name}`)
      found.push(...installedPackages(dir, `${prefix}/${name}/node_modules`))
    }
  }
  return found
}

let dir: string
let site: RunningSite
let installMs = 0

beforeAll(async () => {
  await ensureProductionBuild()
  dir = installDir()
  if (!fs.existsSync(path.join(dir, "installed"))) {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir)
    for (const file of MANIFEST_FILES) fs.copyFileSync(path.join(PROJECT_ROOT, file), path.join(dir, file))
    const started = Date.now()
    // better-sqlite3 compiles from source: its prebuilt binaries are on a host these machines cannot reach (where they can, leave this out).
    await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
      cwd: dir,
      env: { ...process.env, npm_config_build_from_source: "true" },
      maxBuffer: 64 * 1024 * 1024,
    })
    installMs = Date.now() - started
    fs.writeFileSync(path.join(dir, "installed"), new Date().toISOString())
  }
  for (const output of BUILD_OUTPUTS) {
    fs.rmSync(path.join(dir, output), { recursive: true, force: true })
    fs.cpSync(path.join(PROJECT_ROOT, output), path.join(dir, output), { recursive: true })
  }
  fs.rmSync(path.join(dir, ".data"), { recursive: true, force: true })
  site = await startSiteServer(
    { WAITLIST_DB_PATH: path.join(dir, ".data", "waitlist.sqlite"), WAITLIST_RATE_LIMIT: "0" },
    { root: dir },
  )
}, 15 * 60_000)
afterAll(() => site?.stop())

describe("the production install", () => {
  it("holds the dependencies alone: no development package, no Gatsby, no TypeScript tooling", () => {
    const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean }>
    }
    const installed = installedPackages(dir)
    expect(installed.length).toBeGreaterThan(10)
    expect(
      installed.filter((folder) => lock.packages[folder] === undefined || lock.packages[folder]?.dev === true),
    ).toEqual([])
    for (const tooling of ["gatsby", "typescript", "tsx", "esbuild", "react", "jest", "@babel/core", "webpack"])
      expect(installed).not.toContain(`node_modules/${tooling}`)
    if (installMs > 0) process.stderr.write(`The production install took ${Math.round(installMs / 1000)} s.\n`)
  })

  it("finds no package outside its own folder (no node_modules above it)", () => {
    const above = path
      .dirname(dir)
      .split(path.sep)
      .map((_, i, parts) => path.join(path.sep, ...parts.slice(0, i + 1), "node_modules"))
    expect(above.filter((folder) => fs.existsSync(folder))).toEqual([])
  })

  it("serves the pages, the health checks and a sign-up with `node dist/server.js`", async () => {
    const home = await rawRequest(site.url, { method: "GET", path: "/" })
    expect(home.status).toBe(200)
    expect(home.text).toContain("one story")
    expect(home.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/)
    expect((await rawRequest(site.url, { method: "GET", path: "/contact" })).status).toBe(200)
    expect((await rawRequest(site.url, { method: "GET", path: "/healthz" })).status).toBe(200)
    expect((await rawRequest(site.url, { method: "GET", path: "/readyz" })).status).toBe(200)
    expect((await postJson(site, entryFor("installed@example.com"))).status).toBe(201)
  })

  it("runs the waitlist's command line from the build, without the development packages", async () => {
    const { stdout } = await run(
      process.execPath,
      [path.join(dir, "scripts", "run-compiled.mjs"), "waitlist", "count"],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, WAITLIST_DB_PATH: path.join(dir, ".data", "waitlist.sqlite") },
      },
    )
    expect(stdout).toBe("1\n")
  })

  it("previews an announcement from the copied content/announcements with the command line", async () => {
    await run(
      process.execPath,
      [path.join(dir, "scripts", "run-compiled.mjs"), "waitlist", "announce", "preview", "launch"],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, WAITLIST_DB_PATH: path.join(dir, ".data", "waitlist.sqlite") },
      },
    )
    const written = fs.readdirSync(path.join(dir, ".data", "announcements", "launch")).sort()
    expect(written).toEqual(["de", "en", "es", "fr", "ja", "pt-br"].flatMap((lang) => [`${lang}.eml`, `${lang}.html`]))
  })
})
