/**
 * @jest-environment node
 *
 * What legal staff do, on the project itself: change a sentence of the
 * privacy policy, see the check fail and name the command, run it, and
 * find on the built site the new date, the list of versions, the archived
 * text and what changed: static pages, within the budgets, axe clean. (It runs on its own, after the other suites,
 * because it rebuilds the site; it puts every file back.)
 */
import { spawnSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import zlib from "zlib"
import AxeBuilder from "@axe-core/playwright"
import { chromium } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "../../../e2e/support/chromium"
import { startSiteServer } from "../../../test/support/site-server-process"
import { translate } from "../../i18n/messages"
import { builtFilePath, parseHtml } from "../../../test/support/built-pages"
import { withBuildLock } from "../../../test/support/build-lock"
import { gatsbyBuild } from "../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../test/support/project-root"

const LEGAL = path.join(PROJECT_ROOT, "content", "legal")
const POLICY = path.join(LEGAL, "privacy-policy.md")
const LOCK = path.join(LEGAL, "legal.lock.json")
/** What new-version archives: the version in force until the test's new one. */
const ARCHIVED = path.join(LEGAL, "archive", "privacy-policy", "2027-01-15.md")

function legal(...args: string[]) {
  const result = spawnSync("npx", ["--no-install", "tsx", path.join(PROJECT_ROOT, "scripts", "legal.ts"), ...args], { cwd: PROJECT_ROOT, encoding: "utf8" })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr.replace(/^npm warn .*\n/gm, "") }
}
/** An element's text as a reader gets it, without the style elements Emotion renders inline. */
function textOf(element: Element | null): string {
  const copy = element?.cloneNode(true) as Element | undefined
  for (const style of copy?.querySelectorAll("style") ?? []) style.remove()
  return copy?.textContent ?? ""
}
/** The axe WCAG 2.1 AA violations of pages served by the production server, in Chromium. */
async function accessibilityViolations(routes: string[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legal-flow-"))
  const site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const found: string[] = []
    for (const route of routes) {
      const context = await browser.newContext()
      const tab = await context.newPage()
      await tab.goto(`${site.url}${route}`)
      const { violations } = await new AxeBuilder({ page: tab }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()
      found.push(...violations.flatMap(({ id, nodes }) => nodes.map((node) => `${route} ${id}: ${node.target.join(" ")}`)))
      await context.close()
    }
    return found
  } finally {
    await browser.close()
    await site.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const page = (route: string) => parseHtml(fs.readFileSync(builtFilePath(`${route}/index.html`), "utf8"))

describe("a new version of the privacy policy, from the edit to the built site", () => {
  it("fails the check until new-version runs, then builds the new date, the versions, the archived text and what changed", async () => {
    const saved = { policy: fs.readFileSync(POLICY, "utf8"), lock: fs.readFileSync(LOCK, "utf8") }
    let output = ""
    try {
      fs.writeFileSync(POLICY, saved.policy.replace("We do not sell your personal information.", "We never sell your personal information."))
      const failed = legal("check")
      expect(failed.code).toBe(1)
      expect(failed.stderr).toContain("content/legal/privacy-policy.md: has changed, but its `effectiveDate` is still 2027-01-15: run `npm run legal -- new-version privacy-policy <YYYY-MM-DD>`")
      expect(legal("new-version", "privacy-policy", "2027-02-01").code).toBe(0)
      expect(legal("check")).toMatchObject({ code: 0 })
      output = await withBuildLock(() => gatsbyBuild())

      const current = page("/privacy-policy")
      expect(textOf(current.body)).toContain("Effective February 1, 2027")
      const previous = [...current.querySelectorAll("a")].find((link) => link.textContent === "Previous versions")
      expect(previous?.getAttribute("href")).toBe("/privacy-policy/versions")

      const versions = [...page("/privacy-policy/versions").querySelectorAll("main li")].map((item) =>
        [...item.querySelectorAll("a, strong")].map((part) => [part.textContent, part.getAttribute("href")]),
      )
      expect(versions).toEqual([
        [
          ["February 1, 2027", "/privacy-policy"],
          ["in force", null],
          ["What changed on February 1, 2027", "/privacy-policy/changes/2027-02-01"],
        ],
        [
          ["January 15, 2027", "/privacy-policy/2027-01-15"],
          ["What changed on January 15, 2027", "/privacy-policy/changes/2027-01-15"],
        ],
        [
          ["December 1, 2026", "/privacy-policy/2026-12-01"],
          ["What changed on December 1, 2026", "/privacy-policy/changes/2026-12-01"],
        ],
        [["May 25, 2025", "/privacy-policy/2025-05-25"]],
      ])

      const archived = page("/privacy-policy/2027-01-15")
      expect(archived.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex")
      expect(textOf(archived.body)).toContain("This version is no longer in effect.")
      expect(textOf(archived.body)).toContain("We do not sell your personal information.")

      const changes = page("/privacy-policy/changes/2027-02-01")
      expect([...changes.querySelectorAll("ins")].map(textOf)).toEqual(["[inserted: never]"])
      expect([...changes.querySelectorAll("del")].map(textOf)).toEqual(["[deleted: do not]"])

      const spanish = textOf(page("/es/privacy-policy").body)
      expect(spanish).toContain(translate("es", "legal.outdated", { date: "15 de enero de 2027" }))
      expect(output).toContain("privacy-policy (es): outdated, translates 2027-01-15, English is 2027-02-01")
      expect(fs.readFileSync(builtFilePath("sitemap-0.xml"), "utf8")).not.toContain("/privacy-policy/2027-01-15")

      const records = ["/privacy-policy/versions", "/privacy-policy/2027-01-15", "/privacy-policy/changes/2027-02-01", "/ja/privacy-policy/versions"]
      for (const route of records) {
        const html = fs.readFileSync(builtFilePath(`${route}/index.html`))
        expect({ route, scripts: parseHtml(html.toString("utf8")).querySelectorAll("script[src]").length }).toEqual({ route, scripts: 0 })
        expect(zlib.gzipSync(html).length).toBeLessThan(14 * 1024)
      }
      expect(await accessibilityViolations(records)).toEqual([])
    } finally {
      fs.writeFileSync(POLICY, saved.policy)
      fs.writeFileSync(LOCK, saved.lock)
      // Only what new-version wrote: the versions archived before the test stay.
      fs.rmSync(ARCHIVED, { force: true })
    }
  }, 10 * 60_000)
})
