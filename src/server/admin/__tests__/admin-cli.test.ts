/**
 * @jest-environment node
 */
import { execFile } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { bundleServer } from "../../../build/bundle-server"
import { PROJECT_ROOT } from "../../../../test/support/project-root"
import { openDbOf } from "../../../../test/support/waitlist-store-access"
import { listAccounts } from "../admin-queries"

type Outcome = { code: number; stdout: string; stderr: string }

/** The admin's CLI compiled as the build and `npm run admin` compile it (into a folder of this run under node_modules, so its packages resolve), run with plain Node. */
const compiledDir = path.join(PROJECT_ROOT, "node_modules", ".cache", `admin-cli-test-${process.pid}`)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-cli-"))
const settings = { WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"), SITE_URL: "https://storyling.example" }

function admin(args: string[]): Promise<Outcome> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATABASE_URL|WAITLIST_\w+|SITE_URL)$/.test(name)),
  )
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(compiledDir, "admin.js"), ...args],
      { cwd: PROJECT_ROOT, env: { ...env, ...settings } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
      },
    )
  })
}

beforeAll(() => bundleServer(PROJECT_ROOT, ["admin"], compiledDir), 120_000)
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(compiledDir, { recursive: true, force: true })
})

describe("npm run admin, compiled without a site build", () => {
  jest.setTimeout(30_000)

  it("invites an account with `invite <email> --role`, printing its one-time link, and stores only the token's hash", async () => {
    const { code, stdout, stderr } = await admin(["invite", "Ana@Team.example", "--role", "owner"])
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" })
    const token = /^https:\/\/storyling\.example\/admin\/invite#([\w-]{43})$/m.exec(stdout)?.[1]
    expect(stdout).toMatch(
      /^Invited Ana@Team\.example as owner\. Send this link to them; it works once, for 24 hours:\n/,
    )
    expect(token).toBeDefined()
    const file = fs.readFileSync(settings.WAITLIST_DB_PATH)
    expect(file.includes(Buffer.from(token ?? "x"))).toBe(false)
  })

  it("lists the accounts with `list`, and revokes one with `revoke`", async () => {
    await admin(["invite", "bo@team.example", "--role", "legal"])
    expect((await admin(["list"])).stdout).toMatch(
      /^email +role +state +created +activated +revoked\nAna@Team\.example +owner +invited \(link valid until [^)]+\) +\S+ +- +-\nbo@team\.example +legal +invited/,
    )
    expect(await admin(["revoke", "BO@team.example"])).toEqual({
      code: 0,
      stdout: "Revoked BO@team.example: its sessions have ended\n",
      stderr: "",
    })
    expect((await admin(["list"])).stdout).toMatch(/\nbo@team\.example +legal +revoked +\S+ +- +\S+\n$/)
    const store = openDbOf(settings)
    expect((await listAccounts(store)).map((account) => account.state)).toEqual(["invited", "revoked"])
    await store.close()
  })

  it("prints the audit log with `audit`, newest first", async () => {
    const { code, stdout } = await admin(["audit"])
    expect(code).toBe(0)
    expect(
      stdout
        .split("\n")
        .slice(0, 4)
        .map((line) => line.split(/ {2,}/).slice(1, 4)),
    ).toEqual([
      ["action", "who", "about"],
      ["revoke", "command line", "-"],
      ["invite", "command line", "-"],
      ["invite", "command line", "-"],
    ])
  })

  it("refuses a wrong command with the usage and exit code 2, naming what is wrong", async () => {
    expect(await admin([])).toMatchObject({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining("Usage: npm run --silent admin -- <command>"),
    })
    expect(await admin(["invite", "ana@team.example"])).toMatchObject({
      code: 2,
      stderr: "admin: give the account a role: --role owner|marketing|legal\n",
    })
    expect(await admin(["invite", "a@b.example,c@d.example", "--role", "owner"])).toMatchObject({
      code: 2,
      stderr: 'admin: "a@b.example,c@d.example" is not one e-mail address\n',
    })
    expect(await admin(["invite", "x@team.example", "--role", "root"])).toMatchObject({ code: 2 })
    expect(await admin(["revoke", "nobody@team.example"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("there is no account of nobody@team.example to revoke"),
    })
    expect(await admin(["invite", "x@team.example", "--role", "owner", "--admin"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage:"),
    })
  })
})
