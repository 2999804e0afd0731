import { execFile } from "child_process"
import fs from "fs"
import path from "path"
import { bundleServer } from "../../src/build/bundle-server"
import { siteFacts } from "../../src/config/site-facts"
import { PROJECT_ROOT } from "./project-root"

/** What a run of the CLI printed and its exit code. */
export type CliOutcome = { code: number; stdout: string; stderr: string }

/** Settings of the outer environment that must not leak into the CLI under test. */
const OWN_SETTINGS = /^(DATABASE_URL|PG[A-Z]+|WAITLIST_\w+|SMTP_URL|MAIL_\w+|SITE_URL|BOUNCE_\w+|DKIM_\w+)$/

/**
 * The waitlist CLI compiled as `npm run waitlist` compiles it, into a folder
 * of this test file (under node_modules, so its packages resolve as dist/'s
 * do), run with plain Node in `cwd` (where it reads content/announcements).
 * Compile it in a beforeAll, remove it in an afterAll.
 */
export function compiledWaitlistCli() {
  const dir = path.join(
    PROJECT_ROOT,
    "node_modules",
    ".cache",
    `waitlist-cli-${process.pid}-${Math.random().toString(36).slice(2)}`,
  )
  return {
    compile: () => bundleServer(PROJECT_ROOT, ["waitlist"], dir),
    /** The compiled program, for a test that runs it with options of its own. */
    program: path.join(dir, "waitlist.js"),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
    run: (
      args: string[],
      settings: Record<string, string>,
      { cwd = PROJECT_ROOT, input }: { cwd?: string; input?: string | Buffer } = {},
    ) =>
      new Promise<CliOutcome>((resolve) => {
        const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !OWN_SETTINGS.test(name)))
        // As deployed, like the server under test (see startSiteServer): SITE_URL the public address unless the test sets another.
        const child = execFile(
          process.execPath,
          [path.join(dir, "waitlist.js"), ...args],
          { cwd, env: { ...env, SITE_URL: siteFacts.siteUrl, ...settings }, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) => {
            resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr })
          },
        )
        child.stdin?.on("error", () => {})
        child.stdin?.end(input ?? "")
      }),
  }
}
