import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { freePort } from "../../src/testing/free-port"
import { projectRoot } from "./site-build"

/** What the tests need to know about the running server. */
export type RunningSite = {
  url: string
  databasePath: string
  /** Stops the server, waits for it to exit and deletes its data. */
  stop: () => Promise<void>
  /** Signals the server at once, for a runner that is exiting without its teardown. */
  abandon: () => void
}

/** Settings of the outer environment that must not reach the server under test. */
const OUTER_SETTINGS = /^(DATABASE_URL|PG[A-Z]+|WAITLIST_\w+|PORT|HOST)$/

/** Signals the server and the node process tsx started for it. */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())))

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The site server exited with ${child.exitCode}:\n${output()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The site server did not answer at ${url} within 30 s:\n${output()}`)
}

/**
 * Starts the production server (`src/server/start.ts`, what `npm start` runs)
 * on the last build, on a free port, with a throwaway SQLite waitlist and no
 * rate limit, so that many test submissions from one address are all accepted.
 */
export async function startSite(): Promise<RunningSite> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storyling-e2e-"))
  const databasePath = path.join(dataDir, "waitlist.sqlite")
  const inherited = Object.entries(process.env).filter(([name]) => !OUTER_SETTINGS.test(name))
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(inherited),
    PORT: String(port),
    HOST: "127.0.0.1",
    WAITLIST_DB_PATH: databasePath,
    WAITLIST_RATE_LIMIT: "0",
    NODE_ENV: "production",
  }
  const child = spawn(path.join(projectRoot, "node_modules", ".bin", "tsx"), ["src/server/start.ts"], {
    cwd: projectRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let log = ""
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString()
    process.stderr.write(`[site server] ${chunk.toString()}`)
  })
  let stopping = false
  child.once("exit", (code, signal) => {
    if (!stopping) process.stderr.write(`[site server] exited during the run (code ${code}, signal ${signal}):\n${log}\n`)
  })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    stopping = true
    signalGroup(child, "SIGTERM")
    const killer = setTimeout(() => signalGroup(child, "SIGKILL"), 3000)
    await exited(child)
    clearTimeout(killer)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const abandon = () => {
    if (stopping) return
    stopping = true
    signalGroup(child, "SIGTERM")
  }
  try {
    await waitUntilServing(url, child, () => log)
  } catch (error) {
    await stop()
    throw error
  }
  return { url, databasePath, stop, abandon }
}
