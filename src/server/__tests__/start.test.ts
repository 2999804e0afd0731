/**
 * @jest-environment node
 *
 * The production server's program as an operator starts it, compiled as
 * the build compiles it, with settings that cannot work.
 */
import { execFile } from "child_process"
import fs from "fs"
import net, { type AddressInfo } from "net"
import path from "path"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { bundleServer } from "../../build/bundle-server"

/** A root of its own (under node_modules, so the packages resolve as from dist/), with the one page the server needs. */
const root = path.join(PROJECT_ROOT, "node_modules", ".cache", `start-test-${process.pid}`)

beforeAll(async () => {
  fs.mkdirSync(path.join(root, "public"), { recursive: true })
  fs.writeFileSync(path.join(root, "public", "404.html"), "<!doctype html><title>Oops!</title>")
  await bundleServer(PROJECT_ROOT, ["server"], path.join(root, "dist"))
}, 60_000)
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

/** Starts the server in production (NODE_ENV=production, SITE_URL set) with these settings; resolves when it exits on its own (a test fails when it does not within 10 s). */
function start(settings: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !/^(DATABASE_URL|WAITLIST_\w+|PORT|HOST|SMTP_URL|MAIL_\w+|SITE_URL|METRICS_\w+|SHUTDOWN_TIMEOUT_MS|LOG_\w+)$/.test(
          name,
        ),
    ),
  )
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "dist", "server.js")],
      {
        env: {
          ...env,
          NODE_ENV: "production",
          SITE_URL: "https://storyling.example.com",
          WAITLIST_DB_PATH: path.join(root, "waitlist.sqlite"),
          ...settings,
        },
        timeout: 10_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
      },
    )
  })
}

describe("the server started with a setting that cannot work", () => {
  it.each([
    [
      { WAITLIST_RATE_LIMIT: "abc" },
      'site server: WAITLIST_RATE_LIMIT must be a whole number of submissions a minute, 0 or more (0 turns the limit off), not "abc"',
    ],
    [
      { WAITLIST_RATE_LIMIT: "-3" },
      'site server: WAITLIST_RATE_LIMIT must be a whole number of submissions a minute, 0 or more (0 turns the limit off), not "-3"',
    ],
    [
      { WAITLIST_TRUST_PROXY: "maybe" },
      'site server: WAITLIST_TRUST_PROXY must be 1 (behind your own proxy) or 0, not "maybe"',
    ],
    [
      { DATABASE_URL: "mysql://root:hunter2@db/waitlist" },
      "site server: DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/database (the value given is not shown)",
    ],
    [{ PORT: "99999" }, 'site server: PORT must be a port number from 0 to 65535, not "99999"'],
    [
      { LOG_LEVEL: "loud" },
      'site server: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"',
    ],
    [
      { SHUTDOWN_TIMEOUT_MS: "-1" },
      'site server: SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, at least 100, not "-1"',
    ],
    [{ METRICS_PORT: "http" }, 'site server: METRICS_PORT must be a port number from 0 to 65535, not "http"'],
    [
      { SITE_URL: "http://storyling.example.com" },
      'site server: SITE_URL must be an https:// address in production (NODE_ENV=production), since one-click unsubscribe (RFC 8058) takes no plain http link; http:// only on this machine (localhost, 127.0.0.0/8, ::1), not "http://storyling.example.com"',
    ],
    [
      { SITE_URL: "" },
      "site server: SITE_URL must be set in production (NODE_ENV=production) to the address visitors reach the site at, such as https://storyling.example.com: the links in mails go there",
    ],
  ])("%j: says which and what it takes in one line, and exits with 1 without serving", async (settings, line) => {
    expect(await start(settings)).toEqual({ code: 1, stdout: "", stderr: `${line}\n` })
  })

  it("a port already in use: says so in one line and exits with 1", async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    const { port } = taken.address() as AddressInfo
    try {
      expect(await start({ PORT: String(port), HOST: "127.0.0.1" })).toEqual({
        code: 1,
        stdout: "",
        stderr: `site server: port ${port} on 127.0.0.1 is already in use: stop what listens there, or set PORT to another port\n`,
      })
    } finally {
      taken.close()
    }
  })

  it("a metrics port already in use: names METRICS_PORT in one line and exits with 1, serving nothing", async () => {
    const taken = net.createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    const { port } = taken.address() as AddressInfo
    try {
      expect(await start({ PORT: "0", HOST: "127.0.0.1", METRICS_PORT: String(port) })).toEqual({
        code: 1,
        stdout: "",
        stderr: `site server: port ${port} on 127.0.0.1 is already in use: stop what listens there, or set METRICS_PORT to another port\n`,
      })
    } finally {
      taken.close()
    }
  })
})
