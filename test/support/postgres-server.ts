import { execFile, execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"
import { Client } from "pg"
import { findPostgresBinDir } from "./find-postgres-bin-dir"
import { freePort } from "./free-port"

const run = promisify(execFile)

/** A throwaway PostgreSQL cluster for one test file. */
export type PostgresServer = {
  /** Connection URL of the database created with the cluster. */
  url: string
  port: number
  /** The cluster's data folder, whose files a test may read. */
  dataDir: string
  /** Creates one more empty database in the cluster and returns its URL. */
  createDatabase(): Promise<string>
  /** Stops the cluster and deletes its files. */
  stop(): Promise<void>
  /** Shuts the cluster down as an outage would (sessions cut), keeping its files and port for resume(). */
  halt(): Promise<void>
  /** Starts a halted cluster again on the same port, with the same data. */
  resume(): Promise<void>
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user, who owns the cluster. */
function osUser(): { command: (program: string) => string[]; owner?: { uid: number; gid: number } } {
  if (process.getuid?.() !== 0) return { command: (program) => [program] }
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim())
  try {
    return {
      command: (program) => ["runuser", "-u", "postgres", "--", program],
      owner: { uid: id("-u"), gid: id("-g") },
    }
  } catch {
    throw new Error(
      "Tests run as root and there is no `postgres` user to run PostgreSQL: `apt-get install postgresql` creates it.",
    )
  }
}

const urlOf = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`

/**
 * Starts a real PostgreSQL cluster in a temporary folder: initdb with trust
 * authentication, pg_ctl on a free port of 127.0.0.1 (its socket in the same
 * folder), durability off for speed, and one empty database.
 * @throws Error saying to `apt-get install postgresql` when it is not installed.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBinDir()
  const user = osUser()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waitlist-pg-"))
  if (user.owner) fs.chownSync(dir, user.owner.uid, user.owner.gid)
  const data = path.join(dir, "data")
  const log = path.join(dir, "server.log")
  const command = (tool: string, args: string[]): [string, string[]] => {
    const [program = tool, ...prefix] = user.command(path.join(bin, tool))
    return [program, [...prefix, ...args]]
  }
  const pg = (tool: string, args: string[]) => run(...command(tool, args), { cwd: dir })
  const stopArgs = ["stop", "-D", data, "-m", "immediate", "-w", "-s"]
  const pgCtlStop = () => pg("pg_ctl", stopArgs)
  let running = false
  // A run cut short must not leave a server behind.
  const stopOnExit = () => running && execFileSync(...command("pg_ctl", stopArgs), { cwd: dir, stdio: "ignore" })

  try {
    await pg("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"])
    const port = await freePort()
    const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", `-c unix_socket_directories=${dir}`]
    options.push("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off")
    const pgCtlStart = () =>
      pg("pg_ctl", ["start", "-D", data, "-l", log, "-w", "-t", "30", "-s", "-o", options.join(" ")])
    await pgCtlStart()
    running = true
    process.once("exit", stopOnExit)

    let databases = 0
    const createDatabase = async () => {
      const name = `waitlist_${++databases}`
      const client = new Client({ connectionString: urlOf(port, "postgres") })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return urlOf(port, name)
    }
    const url = await createDatabase()
    return {
      url,
      port,
      dataDir: data,
      createDatabase,
      stop: async () => {
        process.off("exit", stopOnExit)
        if (running) await pgCtlStop()
        running = false
        fs.rmSync(dir, { recursive: true, force: true })
      },
      halt: async () => {
        // A fast shutdown ends every session at once but writes what was committed (the cluster runs with synchronous_commit=off).
        await pg("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w", "-s"])
        running = false
      },
      resume: async () => {
        await pgCtlStart()
        running = true
      },
    }
  } catch (error) {
    if (running) await pgCtlStop().catch(() => undefined)
    const serverLog = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start a test PostgreSQL: ${(error as Error).message}\n${serverLog}`, { cause: error })
  }
}
