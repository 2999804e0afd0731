import { spawn, type ChildProcess } from "child_process"
import os from "os"
import path from "path"
import { freePort } from "./free-port"
import { HEAP_FLAGS } from "../../src/server/heap-flags"
import { LAST_BUILD_OUTPUT } from "./production-build"
import { PROJECT_ROOT } from "./project-root"
import { lineMatches, type LogLine } from "./test-logger"
import { siteFacts } from "../../src/config/site-facts"

/** Our production server running in a child process, as `npm run serve` starts it: the compiled dist/server.js under plain Node. */
export type RunningSite = {
  /** http://127.0.0.1:PORT, which is also the site's own Origin. */
  url: string
  /** The server's process id (its descriptors and memory are under /proc/<pid>). */
  pid: number
  /** Resolves with the first log line that has these fields (see lineMatches) once it is written (it may come after the HTTP answer); rejects after 3 s. */
  logLine: (wanted: Record<string, string | number | RegExp>) => Promise<LogLine>
  /** Every line the server logged so far, parsed. */
  logLines: () => LogLine[]
  /** Everything the server wrote so far to stdout and stderr. */
  output: () => { stdout: string; stderr: string }
  /** Sends the server `signal` and resolves once it exited, with how and how long it took (never escalating to SIGKILL: see stop). */
  terminate: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>
  /** Stops the server with SIGTERM, or SIGKILL after 3 s. */
  stop: () => Promise<void>
  /** Kills the server and its children with SIGKILL, as a crash would, and resolves once they are gone. */
  kill: () => Promise<void>
}

/** Settings of the outer environment that must not leak into a server under test. */
const OWN_SETTINGS =
  /^(ANNOUNCEMENTS_DIR|DATABASE_URL|PG[A-Z]+|WAITLIST_\w+|SMTP_URL|MAIL_\w+|SITE_URL|PORT|HOST|METRICS_\w+|SHUTDOWN_TIMEOUT_MS|LOG_\w+|VISIT_COUNTING)$/

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
  )

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
  /** Copy the server's complaints (its log lines at warn and above, and anything on stderr) into the run's own stderr, each line marked (the browser suite does, to show a server's complaint beside the test). */
  echoComplaints?: boolean
  /** The folder holding dist/ and public/ (the project, unless a test made a copy: see the production install's test). */
  root?: string
  /** Node's flags, as deployed (HEAP_FLAGS) unless a test starts it otherwise. */
  nodeFlags?: readonly string[]
  /** How far ahead of real time the server's clock stands (see moved-clock.cjs); 0, as deployed, unless a test moves it. */
  clockAheadMs?: number
}

/**
 * Starts the production server (`node dist/server.js`) on a free port of
 * 127.0.0.1 with the given settings (and none of the outer WAITLIST_* or
 * DATABASE_URL), and resolves once it answers HTTP. Needs a production
 * build (see ensureProductionBuild). Jest's suites and the browser suite
 * both start it through here.
 */
export async function startSiteServer(
  settings: Record<string, string>,
  { echoComplaints = false, root = PROJECT_ROOT, nodeFlags = HEAP_FLAGS, clockAheadMs = 0 }: Options = {},
): Promise<RunningSite> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const outboxDir = path.join(os.tmpdir(), `site-outbox-${port}-${process.pid}`)
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !OWN_SETTINGS.test(name)))
  const movedClock = clockAheadMs === 0 ? [] : ["--require", path.join(__dirname, "moved-clock.cjs")]
  const child = spawn(process.execPath, [...nodeFlags, ...movedClock, path.join(root, LAST_BUILD_OUTPUT)], {
    cwd: root,
    // Without SMTP_URL, mails are written as files: to a folder of this server's own, never into the project.
    // In production, as deployed: SITE_URL the public address unless the test sets another (or empties it, with NODE_ENV, for a local run).
    env: {
      ...inherited,
      NODE_ENV: "production",
      SITE_URL: siteFacts.siteUrl,
      HOST: "127.0.0.1",
      PORT: String(port),
      MAIL_OUTBOX_DIR: outboxDir,
      LOG_LEVEL: "debug",
      MOVED_CLOCK_AHEAD_MS: String(clockAheadMs),
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let stdout = ""
  let stderr = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString()
    if (!echoComplaints) return
    for (const line of chunk.toString().split("\n"))
      if (/^\{"level":"(warn|error|fatal)"/.test(line)) process.stderr.write(`[site server] ${line}\n`)
  })
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString()
    if (echoComplaints) process.stderr.write(`[site server] ${chunk.toString()}`)
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

  const logLines = () =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine)
  const logLine = async (wanted: Record<string, string | number | RegExp>) => {
    const giveUp = Date.now() + 3000
    for (;;) {
      const found = logLines().find((line) => lineMatches(line, wanted))
      if (found) return found
      if (Date.now() > giveUp)
        throw new Error(`The server never logged a line with ${String(Object.entries(wanted))}:\n${stdout}${stderr}`)
      await pause(20)
    }
  }
  const terminate = async (signal: NodeJS.Signals = "SIGTERM") => {
    const sent = Date.now()
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null)
        resolve({ code: child.exitCode, signal: child.signalCode, ms: 0 })
      child.once("exit", (code, exitSignal) => resolve({ code, signal: exitSignal, ms: Date.now() - sent }))
    })
    signalGroup(child, signal)
    return exit
  }

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${stdout}${stderr}`)
    try {
      await fetch(`${url}/404.html`, { method: "HEAD", signal: AbortSignal.timeout(1000) })
      return { url, pid: child.pid ?? 0, logLine, logLines, output: () => ({ stdout, stderr }), terminate, stop, kill }
    } catch {
      if (Date.now() > deadline) {
        await stop()
        throw new Error(`The server did not answer at ${url} within 60 s:\n${stdout}${stderr}`)
      }
      await pause(100)
    }
  }
}
