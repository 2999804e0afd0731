import { spawn, type ChildProcess } from "child_process"
import os from "os"
import path from "path"
import { freePort } from "./free-port"
import { LAST_BUILD_OUTPUT } from "./production-build"
import { PROJECT_ROOT } from "./project-root"

/** Our production server running in a child process, as `npm run serve` starts it: the compiled dist/server.js under plain Node. */
export type RunningSite = {
  /** http://127.0.0.1:PORT, which is also the site's own Origin. */
  url: string
  /** The server's process id (its descriptors and memory are under /proc/<pid>). */
  pid: number
  /** Resolves with stderr once it matches (the log may arrive after the HTTP answer); rejects after 3 s. */
  stderrMatching: (pattern: RegExp) => Promise<string>
  stop: () => Promise<void>
  /** Kills the server and its children with SIGKILL, as a crash would, and resolves once they are gone. */
  kill: () => Promise<void>
}

/** Settings of the outer environment that must not leak into a server under test. */
const OWN_SETTINGS = /^(DATABASE_URL|PG[A-Z]+|WAITLIST_\w+|SMTP_URL|MAIL_\w+|SITE_URL|PORT|HOST)$/

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())))

/** Signals the server and any process it started. */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // The group is already gone.
  }
}

/** How the server's output reaches the test run. */
type Options = {
  /** Copy what the server writes to stderr into the run's own stderr, each line marked (the browser suite does, to show a server's complaint beside the test). */
  echoStderr?: boolean
}

/**
 * Starts the production server (`node dist/server.js`) on a free port of
 * 127.0.0.1 with the given settings (and none of the outer WAITLIST_* or
 * DATABASE_URL), and resolves once it answers HTTP. Needs a production
 * build (see ensureProductionBuild). Jest's suites and the browser suite
 * both start it through here.
 */
export async function startSiteServer(settings: Record<string, string>, { echoStderr = false }: Options = {}): Promise<RunningSite> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const outboxDir = path.join(os.tmpdir(), `site-outbox-${port}-${process.pid}`)
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !OWN_SETTINGS.test(name)))
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, LAST_BUILD_OUTPUT)], {
    cwd: PROJECT_ROOT,
    // Without SMTP_URL, mails are written as files: to a folder of this server's own, never into the project.
    env: { ...inherited, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), MAIL_OUTBOX_DIR: outboxDir, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let stdout = ""
  let stderr = ""
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString()
    if (echoStderr) process.stderr.write(`[site server] ${chunk.toString()}`)
  })
  const stop = async () => {
    signalGroup(child, "SIGTERM")
    const killer = setTimeout(() => signalGroup(child, "SIGKILL"), 3000)
    await exited(child)
    clearTimeout(killer)
  }

  const kill = async () => {
    signalGroup(child, "SIGKILL")
    await exited(child)
  }

  const stderrMatching = async (pattern: RegExp) => {
    const giveUp = Date.now() + 3000
    while (!pattern.test(stderr)) {
      if (Date.now() > giveUp) throw new Error(`The server's stderr never matched ${pattern}:\n${stderr}`)
      await pause(20)
    }
    return stderr
  }

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${stdout}${stderr}`)
    try {
      await fetch(`${url}/404.html`, { method: "HEAD", signal: AbortSignal.timeout(1000) })
      return { url, pid: child.pid ?? 0, stderrMatching, stop, kill }
    } catch {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`The server did not answer at ${url} within 60 s:\n${stdout}${stderr}`)
      }
      await pause(100)
    }
  }
}
