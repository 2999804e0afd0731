/**
 * @jest-environment node
 *
 * Legal staff preview a change with `npm run develop`, the policy open in
 * Chromium: saving the text without a new version brings the legal check's
 * alert onto the open page, naming the file and the command to run,
 * develop's own output names it as a legal check's error with its file and
 * line, and `npm run legal -- status` fails on it as `check` does;
 * recording the change with `amend`, which writes only the lock, takes the
 * alert away.
 * (It runs on its own, after the other suites, because develop rewrites
 * Gatsby's cache; it puts every file back.)
 */
import fs from "fs"
import path from "path"
import { chromium } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "../../../e2e/support/chromium"
import { developOnce } from "../../../test/support/gatsby-develop"
import { runLegal, type LegalRun } from "../../../test/support/legal-cli"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import lock from "../../../content/legal/legal.lock.json"

const LEGAL = path.join(PROJECT_ROOT, "content", "legal")
const POLICY = path.join(LEGAL, "privacy-policy.md")
const LOCK = path.join(LEGAL, "legal.lock.json")
/** The date of the policy's newest version, which the edited file still carries. */
const NEWEST = lock.documents["privacy-policy"].en.current.effectiveDate
const MESSAGE = `has changed, but its \`effectiveDate\` is still ${NEWEST}: run \`npm run legal -- new-version privacy-policy <YYYY-MM-DD>\` for a new version, or \`npm run legal -- amend privacy-policy\` for a correction that needs none`
const PROBLEM = `content/legal/privacy-policy.md: ${MESSAGE}`

/** A structured error as Gatsby's reporter logs it, which its terminal output draws: ` ERROR #<code>  <type>`, the text, `File: <path>:<line>`. */
type ReportedError = {
  level: string
  code?: string
  type?: string
  category?: string
  text: string
  filePath?: string
  location?: { start: { line: number } }
}

/** The errors of develop's output, written by Gatsby's JSON logger (GATSBY_LOGGER=json) one action a line. */
function reportedErrors(output: string): ReportedError[] {
  return output.split("\n").flatMap((line) => {
    try {
      const action = JSON.parse(line) as { type?: string; payload?: ReportedError }
      return action.type === "LOG" && action.payload?.level === "ERROR" ? [action.payload] : []
    } catch {
      return []
    }
  })
}

describe("the legal check under npm run develop", () => {
  it(
    "runs again on every save of a legal text or of the lock, and shows on the page that is open",
    async () => {
      const saved = { policy: fs.readFileSync(POLICY, "utf8"), lock: fs.readFileSync(LOCK, "utf8") }
      const seen: { before: number; alert: string; after: number; errors: ReportedError[] } = {
        before: -1,
        alert: "",
        after: -1,
        errors: [],
      }
      const runs: Record<"status" | "check" | "amend" | "statusAfter", LegalRun | null> = {
        status: null,
        check: null,
        amend: null,
        statusAfter: null,
      }
      try {
        await developOnce(
          async (url, output) => {
            const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
            try {
              const page = await browser.newPage()
              await page.goto(`${url}/privacy-policy`)
              await page.getByRole("heading", { level: 1, name: "Privacy Policy" }).waitFor({ timeout: 120_000 })
              seen.before = await page.getByRole("alert").count()
              fs.writeFileSync(
                POLICY,
                saved.policy.replace(
                  "We do not sell your personal information.",
                  "We never sell your personal information.",
                ),
              )
              const alert = page.getByRole("alert")
              await alert.waitFor({ timeout: 120_000 })
              seen.alert = await alert.innerText()
              seen.errors = reportedErrors(output())
              runs.status = runLegal("status")
              runs.check = runLegal("check")
              runs.amend = runLegal("amend", "privacy-policy")
              await alert.waitFor({ state: "detached", timeout: 120_000 })
              seen.after = await page.getByRole("alert").count()
              runs.statusAfter = runLegal("status")
            } finally {
              await browser.close()
            }
          },
          { GATSBY_LOGGER: "json" },
        )
      } finally {
        fs.writeFileSync(POLICY, saved.policy)
        fs.writeFileSync(LOCK, saved.lock)
      }
      expect(seen.before).toBe(0)
      expect(seen.alert.replace(/\s+/g, " ")).toContain(PROBLEM)
      const dateLine = saved.policy.split("\n").findIndex((line) => line.startsWith("effectiveDate:")) + 1
      expect(seen.errors).toEqual([
        expect.objectContaining({
          code: "default-site-plugin_legal-check",
          category: "USER",
          text: `Legal check: content/legal/privacy-policy.md:${dateLine}: ${MESSAGE}`,
          filePath: POLICY,
          location: expect.objectContaining({ start: expect.objectContaining({ line: dateLine }) }),
        }),
      ])
      expect(runs.check).toEqual({ code: 1, stdout: "", stderr: `${PROBLEM}\n` })
      expect(runs.status).toMatchObject({ code: 1, stderr: `${PROBLEM}\n` })
      expect(runs.status?.stdout).toMatch(
        /^privacy-policy en: \d{4}-\d{2}-\d{2} in force(, (\d{4}-\d{2}-\d{2}(, | and ))*\d{4}-\d{2}-\d{2} to come)?; fails the check \(1 problem, below\)$/m,
      )
      expect(runs.amend?.code).toBe(0)
      expect(seen.after).toBe(0)
      expect(runs.statusAfter).toMatchObject({ code: 0, stderr: "" })
    },
    10 * 60_000,
  )
})
