import { spawn } from "child_process"
import path from "path"
import { freePort } from "./free-port"
import { PROJECT_ROOT } from "./project-root"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs `gatsby develop` on the project until it serves the landing page,
 * runs `whileUp` against it (http://127.0.0.1:PORT, and what develop has
 * written so far to stdout and stderr), then stops it. `env` adds to the
 * environment develop runs in. Develop rewrites Gatsby's cache, so only
 * the serial suites use it.
 */
export async function developOnce(
  whileUp: (url: string, output: () => string) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const port = await freePort()
  const child = spawn(
    path.join(PROJECT_ROOT, "node_modules", ".bin", "gatsby"),
    ["develop", "--port", String(port), "--host", "127.0.0.1"],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, NODE_ENV: "development", CI: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  )
  let output = ""
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000))
  child.stdout.on("data", keep)
  child.stderr.on("data", keep)
  try {
    for (let waited = 0; ; waited += 500) {
      if (child.exitCode !== null)
        throw new Error(`gatsby develop exited with ${child.exitCode}:\n${output.slice(-5000)}`)
      const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => null)
      if (answer?.ok) return await whileUp(`http://127.0.0.1:${port}`, () => output)
      if (waited > 180_000) throw new Error("gatsby develop did not serve within 3 minutes")
      await pause(500)
    }
  } finally {
    if (child.pid) process.kill(-child.pid, "SIGTERM")
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))
  }
}
