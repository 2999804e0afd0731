/**
 * @jest-environment node
 *
 * What legal staff do, on the project itself: change a sentence of the
 * privacy policy, see the check fail and name the command, publish the
 * change as a new version a month ahead of its date, and build. Then what
 * a visitor gets from the production server, its clock moved to either
 * side of that date: the day before, the policy in force announcing the
 * new one and linking its own page and what it changes; from the day, the
 * new one in force, in English, and in Spanish (not yet translated) a
 * notice that it follows an older version; without a rebuild, in static
 * pages within the budgets, axe clean in Chromium. (It runs on its own,
 * after the other suites, because it rebuilds the site; it puts every
 * file back.)
 */
import fs from "fs"
import os from "os"
import path from "path"
import zlib from "zlib"
import AxeBuilder from "@axe-core/playwright"
import { chromium } from "@playwright/test"
import { chromiumArgs, chromiumPath } from "../../../e2e/support/chromium"
import { startSiteInProcess, type SiteInProcess } from "../../../test/support/site-in-process"
import { formatDate } from "../../i18n/format-date"
import { translate } from "../../i18n/messages"
import { addDays } from "../../server/visits/visit-day"
import { builtFilePath, parseHtml, scriptSources } from "../../../test/support/built-pages"
import { withBuildLock } from "../../../test/support/build-lock"
import { gatsbyBuild } from "../../../test/support/production-build"
import { runLegal } from "../../../test/support/legal-cli"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { utcDay } from "../version-in-force"

const LEGAL = path.join(PROJECT_ROOT, "content", "legal")
const POLICY = path.join(LEGAL, "privacy-policy.md")
const LOCK = path.join(LEGAL, "legal.lock.json")
/** The version in force until the test's new one, which new-version archives. */
const ARCHIVED = path.join(LEGAL, "archive", "privacy-policy", "2027-03-01.md")
/** The test's new version: a month after today, and after the site's newest version, so it is still to come when the site is built. */
const DAY = addDays(["2027-03-01", utcDay(new Date())].sort()[1] ?? "", 30)
const DAY_TEXT = formatDate("en", DAY)

/** An element's text as a reader gets it, without the style elements Emotion renders inline. */
function textOf(element: Element | null | undefined): string {
  const copy = element?.cloneNode(true) as Element | undefined
  for (const style of copy?.querySelectorAll("style") ?? []) style.remove()
  return (copy?.textContent ?? "").replace(/\s+/g, " ")
}
const builtPage = (route: string) => parseHtml(fs.readFileSync(builtFilePath(`${route}/index.html`), "utf8"))
/** Each entry of a list of versions: its links and marks, with where each link leads. */
const versionList = (page: Document) =>
  [...page.querySelectorAll("main li")].map((item) =>
    [...item.querySelectorAll("a, span")].map((part) => [textOf(part), part.getAttribute("href")]),
  )
const link = (page: Document, text: string) =>
  [...page.querySelectorAll("main a")].find((anchor) => textOf(anchor) === text)

/** The axe WCAG 2.1 AA violations of pages a server serves, in Chromium. */
async function accessibilityViolations(url: string, routes: string[]): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const found: string[] = []
    for (const route of routes) {
      const context = await browser.newContext()
      const tab = await context.newPage()
      await tab.goto(`${url}${route}`)
      const { violations } = await new AxeBuilder({ page: tab })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze()
      found.push(
        ...violations.flatMap(({ id, nodes }) => nodes.map((node) => `${route} ${id}: ${node.target.join(" ")}`)),
      )
      await context.close()
    }
    return found
  } finally {
    await browser.close()
  }
}

describe("a new version of the privacy policy, from the edit to its date on the production server", () => {
  const saved = { policy: fs.readFileSync(POLICY, "utf8"), lock: fs.readFileSync(LOCK, "utf8") }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "legal-flow-"))
  let clock = new Date(`${addDays(DAY, -1)}T23:59:59.999Z`)
  let site: SiteInProcess
  let output = ""
  const served = async (route: string) => {
    const answer = await fetch(`${site.url}${route}`)
    expect({ route, status: answer.status }).toEqual({ route, status: 200 })
    return parseHtml(await answer.text())
  }

  beforeAll(async () => {
    fs.writeFileSync(
      POLICY,
      saved.policy.replace("We do not sell your personal information.", "We never sell your personal information."),
    )
    const failed = runLegal("check")
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(
      "content/legal/privacy-policy.md: has changed, but its `effectiveDate` is still 2027-03-01: run `npm run legal -- new-version privacy-policy <YYYY-MM-DD>`",
    )
    expect(runLegal("new-version", "privacy-policy", DAY).code).toBe(0)
    expect(runLegal("check")).toMatchObject({ code: 0 })
    output = await withBuildLock(() => gatsbyBuild())
    site = await startSiteInProcess({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") }, () => clock)
  }, 10 * 60_000)

  afterAll(async () => {
    await site?.stop()
    fs.writeFileSync(POLICY, saved.policy)
    fs.writeFileSync(LOCK, saved.lock)
    // Only what new-version wrote: the versions archived before the test stay.
    fs.rmSync(ARCHIVED, { force: true })
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("builds the new version's own page under a banner saying from when it applies, what it changes, and the pages of its day", () => {
    const upcoming = builtPage(`/privacy-policy/${DAY}`)
    expect(textOf(upcoming.querySelector("aside"))).toContain(`This version takes effect on ${DAY_TEXT}.`)
    expect(link(upcoming, "See what changes")?.getAttribute("href")).toBe(`/privacy-policy/changes/${DAY}`)
    expect(upcoming.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex")
    expect(textOf(upcoming.querySelector("main"))).toContain("We never sell your personal information.")
    const changes = builtPage(`/privacy-policy/changes/${DAY}`)
    expect([...changes.querySelectorAll("ins")].map(textOf)).toEqual(["[inserted: never]"])
    expect([...changes.querySelectorAll("del")].map(textOf)).toEqual(["[deleted: do not]"])
    expect(fs.existsSync(builtFilePath(`_from/${DAY}/privacy-policy/index.html`))).toBe(true)
    const sitemap = fs.readFileSync(builtFilePath("sitemap-0.xml"), "utf8")
    expect([sitemap.includes(`/privacy-policy/${DAY}`), sitemap.includes("/_from/")]).toEqual([false, false])
    expect(output).toContain(`privacy-policy (es): outdated, translates 2027-03-01, English is ${DAY}`)
  })

  it("serves, the day before, the version of March 1, 2027 in force, announcing the new one in English and Spanish", async () => {
    clock = new Date(`${addDays(DAY, -1)}T23:59:59.999Z`)
    const current = await served("/privacy-policy")
    expect(textOf(current.querySelector("main"))).toContain("Effective March 1, 2027")
    expect(textOf(current.querySelector("main"))).toContain("We do not sell your personal information.")
    expect(link(current, `An updated version takes effect on ${DAY_TEXT}.`)?.getAttribute("href")).toBe(
      `/privacy-policy/${DAY}`,
    )
    expect(link(current, "See what changes")?.getAttribute("href")).toBe(`/privacy-policy/changes/${DAY}`)
    expect(versionList(await served("/privacy-policy/versions"))).toEqual([
      [
        [DAY_TEXT, `/privacy-policy/${DAY}`],
        ["upcoming", null],
        [`What changes on ${DAY_TEXT}`, `/privacy-policy/changes/${DAY}`],
      ],
      [
        ["March 1, 2027", "/privacy-policy"],
        ["in force", null],
        ["What changed on March 1, 2027", "/privacy-policy/changes/2027-03-01"],
      ],
      [
        ["January 15, 2027", "/privacy-policy/2027-01-15"],
        ["no longer in force", null],
        ["What changed on January 15, 2027", "/privacy-policy/changes/2027-01-15"],
      ],
      [
        ["December 1, 2026", "/privacy-policy/2026-12-01"],
        ["no longer in force", null],
        ["What changed on December 1, 2026", "/privacy-policy/changes/2026-12-01"],
      ],
      [
        ["May 25, 2025", "/privacy-policy/2025-05-25"],
        ["no longer in force", null],
      ],
    ])
    expect(textOf((await served(`/privacy-policy/${DAY}`)).querySelector("aside"))).toContain(
      "Today, the version of March 1, 2027 applies.",
    )
    const spanish = await served("/es/privacy-policy")
    const announced = link(spanish, translate("es", "legal.next", { date: formatDate("es", DAY) }))
    expect([announced?.getAttribute("href"), announced?.getAttribute("hreflang")]).toEqual([
      `/privacy-policy/${DAY}`,
      "en",
    ])
    expect(textOf(spanish.querySelector("main"))).not.toContain(
      translate("es", "legal.outdated", { date: "1 de marzo de 2027" }),
    )
  })

  it("serves, from the start of the day, the new version in force, the one before as no longer in effect, and the Spanish translation as following an older version", async () => {
    clock = new Date(`${DAY}T00:00:00.000Z`)
    const current = await served("/privacy-policy")
    expect(textOf(current.querySelector("main"))).toContain(`Effective ${DAY_TEXT}`)
    expect(textOf(current.querySelector("main"))).toContain("We never sell your personal information.")
    expect(textOf(current.querySelector("main"))).not.toContain("An updated version")
    expect(versionList(await served("/privacy-policy/versions"))).toEqual([
      [
        [DAY_TEXT, "/privacy-policy"],
        ["in force", null],
        [`What changed on ${DAY_TEXT}`, `/privacy-policy/changes/${DAY}`],
      ],
      [
        ["March 1, 2027", "/privacy-policy/2027-03-01"],
        ["no longer in force", null],
        ["What changed on March 1, 2027", "/privacy-policy/changes/2027-03-01"],
      ],
      [
        ["January 15, 2027", "/privacy-policy/2027-01-15"],
        ["no longer in force", null],
        ["What changed on January 15, 2027", "/privacy-policy/changes/2027-01-15"],
      ],
      [
        ["December 1, 2026", "/privacy-policy/2026-12-01"],
        ["no longer in force", null],
        ["What changed on December 1, 2026", "/privacy-policy/changes/2026-12-01"],
      ],
      [
        ["May 25, 2025", "/privacy-policy/2025-05-25"],
        ["no longer in force", null],
      ],
    ])
    const previous = await served("/privacy-policy/2027-03-01")
    expect([...(previous.querySelector("aside")?.querySelectorAll("p") ?? [])].map(textOf)).toEqual([
      "This version is no longer in effect.",
      `It applied from March 1, 2027 until ${DAY_TEXT}. Read the version in force`,
    ])
    expect(textOf((await served(`/privacy-policy/${DAY}`)).querySelector("main"))).not.toContain("takes effect on")
    expect(textOf((await served("/es/privacy-policy")).querySelector("main"))).toContain(
      translate("es", "legal.outdated", { date: "1 de marzo de 2027" }),
    )
    const answer = await fetch(`${site.url}/_from/${DAY}/privacy-policy`)
    expect(answer.status).toBe(404)
  })

  it("keeps the new pages static, within the budgets and accessible, on both sides of the date", async () => {
    const records = [
      "/privacy-policy/versions",
      `/privacy-policy/${DAY}`,
      `/privacy-policy/changes/${DAY}`,
      "/ja/privacy-policy/versions",
      `/_from/${DAY}/privacy-policy`,
      `/_from/${DAY}/privacy-policy/versions`,
    ]
    for (const route of records) {
      const html = fs.readFileSync(builtFilePath(`${route}/index.html`))
      expect({ route, scripts: scriptSources(parseHtml(html.toString("utf8"))).length }).toEqual({
        route,
        scripts: 0,
      })
      expect(zlib.gzipSync(html).length).toBeLessThan(14 * 1024)
    }
    const pages = [
      "/privacy-policy",
      "/privacy-policy/versions",
      `/privacy-policy/${DAY}`,
      `/privacy-policy/changes/${DAY}`,
      "/es/privacy-policy",
    ]
    clock = new Date(`${addDays(DAY, -1)}T12:00:00.000Z`)
    expect(await accessibilityViolations(site.url, pages)).toEqual([])
    clock = new Date(`${DAY}T12:00:00.000Z`)
    expect(
      await accessibilityViolations(site.url, [...pages, "/privacy-policy/2027-03-01", "/ja/privacy-policy/versions"]),
    ).toEqual([])
  }, 120_000)
})
