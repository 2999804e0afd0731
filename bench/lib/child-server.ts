import { spawn, type ChildProcess } from "child_process"
import { HEAP_FLAGS } from "../../src/server/heap-flags"

/** A server the benchmark started in its own process. */
export type ChildServer = { url: string; process: ChildProcess; stop: () => Promise<void> }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Starts `command` with `env` and waits until `url` answers (any status),
 * so the benchmark measures a warm, listening server.
 */
export async function startChildServer(
  command: string,
  args: string[],
  url: string,
  env: NodeJS.ProcessEnv,
): Promise<ChildServer> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] })
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(" ")} exited with ${child.exitCode}`)
    try {
      await fetch(url)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within 30 s`)
      await sleep(200)
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once("exit", () => resolve())
      child.kill("SIGTERM")
    })
  return { url, process: child, stop }
}

/** Our compiled server (dist/server.js) under plain Node with the heap's flags, as `npm run serve` starts it. */
export const startOurServer = (compiledServer: string, url: string, env: NodeJS.ProcessEnv): Promise<ChildServer> =>
  startChildServer(process.execPath, [...HEAP_FLAGS, compiledServer], url, env)
