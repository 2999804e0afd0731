import { spawnSync } from "child_process"
import path from "path"
import { PROJECT_ROOT } from "./project-root"

/** What a run of `npm run legal` gave: its exit code and output (without npm's own warnings). */
export type LegalRun = { code: number | null; stdout: string; stderr: string }

/** Runs `npx tsx scripts/legal.ts <args>` on the project in a process of its own, as `npm run legal -- <args>` does. */
export function runLegal(...args: string[]): LegalRun {
  const result = spawnSync("npx", ["--no-install", "tsx", path.join(PROJECT_ROOT, "scripts", "legal.ts"), ...args], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.replace(/^npm warn .*\n/gm, "") }
}
