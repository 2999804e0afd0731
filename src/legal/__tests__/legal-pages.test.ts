/**
 * @jest-environment node
 */
import {
  commitAll,
  copyLegalRoot,
  editLegal,
  removeLegalRoots,
  spanishPrivacyPolicy,
  writeLegal,
} from "../../../test/support/legal-root"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { addText } from "../add-text"
import type { LegalPage } from "../legal-page-context"
import { legalPages } from "../legal-pages"
import type { LegalPageContext } from "../legal-page-context"
import { newVersion } from "../new-version"

afterAll(removeLegalRoots)

/** A copy of content/legal where the privacy policy has a second version, effective 2025-09-01, that no longer says it does not sell data. */
function withSecondVersion(): string {
  const root = copyLegalRoot()
  commitAll(root)
  editLegal(
    root,
    "privacy-policy.md",
    "We do not sell your personal information.",
    "We never sell your personal information.",
  )
  newVersion(root, "privacy-policy", "2025-09-01")
  return root
}

/** The context of the version page at `path`. */
function versionPage(pages: LegalPage[], path: string): LegalPageContext {
  const found = pages.find((page) => page.path === path)
  if (found?.template !== "page")
    throw new Error(`no version page at ${path}: ${pages.map((page) => page.path).join(", ")}`)
  return found.context
}

describe("legalPages", () => {
  it("gives a text with one version its own page, the version's page and the list of versions", () => {
    expect(legalPages(copyLegalRoot(), { day: "2026-01-01" }).map((page) => [page.template, page.path])).toEqual([
      ["page", "/privacy-policy"],
      ["page", "/privacy-policy/2025-05-25"],
      ["versions", "/privacy-policy/versions"],
      ["page", "/terms-and-conditions"],
      ["page", "/terms-and-conditions/2025-05-25"],
      ["versions", "/terms-and-conditions/versions"],
    ])
  })

  it("shows the site's policy of May 25, 2025 in force on November 30, 2026, announcing the one of December 1, 2026, in every language", () => {
    const next = {
      en: "December 1, 2026",
      es: "1 de diciembre de 2026",
      fr: "1 décembre 2026",
      de: "1. Dezember 2026",
      "pt-br": "1 de dezembro de 2026",
      ja: "2026年12月1日",
    }
    for (const [lang, dateText] of Object.entries(next)) {
      const prefix = lang === "en" ? "" : `/${lang}`
      const pages = legalPages(PROJECT_ROOT, { day: "2026-11-30", lang, pathPrefix: prefix })
      const current = versionPage(pages, `${prefix}/privacy-policy`)
      expect(current).toMatchObject({
        status: "inForce",
        isCurrentPage: true,
        effectiveDate: "2025-05-25",
        file: lang === "en" ? "archive/privacy-policy/2025-05-25.md" : `archive/privacy-policy/2025-05-25.${lang}.md`,
      })
      expect(current.next).toEqual({
        effectiveDateText: dateText,
        path: `${prefix}/privacy-policy/2026-12-01`,
        changesPath: `${prefix}/privacy-policy/changes/2026-12-01`,
        lang,
      })
      expect(versionPage(pages, `${prefix}/privacy-policy/2026-12-01`)).toMatchObject({
        status: "upcoming",
        isCurrentPage: false,
        next: null,
        changesPath: `${prefix}/privacy-policy/changes/2026-12-01`,
      })
      expect(pages.map((page) => page.path)).toContain(`${prefix}/privacy-policy/changes/2026-12-01`)
    }
  })

  it("shows the site's policy of December 1, 2026 in force from that day, announcing the one of January 15, 2027, and the one of May 25, 2025 as earlier, until that day", () => {
    const pages = legalPages(PROJECT_ROOT, { day: "2026-12-01" })
    expect(versionPage(pages, "/privacy-policy")).toMatchObject({
      status: "inForce",
      effectiveDate: "2026-12-01",
      file: "archive/privacy-policy/2026-12-01.md",
      next: {
        effectiveDateText: "January 15, 2027",
        path: "/privacy-policy/2027-01-15",
        changesPath: "/privacy-policy/changes/2027-01-15",
        lang: "en",
      },
    })
    expect(versionPage(pages, "/privacy-policy/2025-05-25")).toMatchObject({
      status: "earlier",
      effectiveDateText: "May 25, 2025",
      endDateText: "December 1, 2026",
      currentPath: "/privacy-policy",
    })
  })

  it("shows the site's policy of January 15, 2027 in force from that day, announcing the one of March 1, 2027, and the one of December 1, 2026 as earlier", () => {
    const pages = legalPages(PROJECT_ROOT, { day: "2027-01-15" })
    expect(versionPage(pages, "/privacy-policy")).toMatchObject({
      status: "inForce",
      effectiveDate: "2027-01-15",
      file: "archive/privacy-policy/2027-01-15.md",
      next: { effectiveDateText: "March 1, 2027", path: "/privacy-policy/2027-03-01" },
    })
    expect(versionPage(pages, "/privacy-policy/2026-12-01")).toMatchObject({
      status: "earlier",
      effectiveDateText: "December 1, 2026",
      endDateText: "January 15, 2027",
      currentPath: "/privacy-policy",
    })
  })

  it("shows the site's newest policy, of March 1, 2027, in force from that day with nothing to come, and the one of January 15, 2027 as earlier", () => {
    const pages = legalPages(PROJECT_ROOT, { day: "2027-03-01" })
    expect(versionPage(pages, "/privacy-policy")).toMatchObject({
      status: "inForce",
      effectiveDate: "2027-03-01",
      file: "privacy-policy.md",
      next: null,
    })
    expect(versionPage(pages, "/privacy-policy/2027-01-15")).toMatchObject({
      status: "earlier",
      effectiveDateText: "January 15, 2027",
      endDateText: "March 1, 2027",
      currentPath: "/privacy-policy",
    })
  })

  it("marks in force, upcoming and earlier versions in the list, the one in force leading to the document's page", () => {
    const root = withSecondVersion()
    newVersion(root, "privacy-policy", "2026-03-01")
    const list = legalPages(root, { day: "2025-12-31" }).find((page) => page.template === "versions")
    expect(list?.context).toMatchObject({
      title: "Privacy Policy",
      currentPath: "/privacy-policy",
      pagePath: "/privacy-policy/versions",
    })
    expect(list?.template === "versions" && list.context.versions).toEqual([
      {
        effectiveDate: "2026-03-01",
        effectiveDateText: "March 1, 2026",
        path: "/privacy-policy/2026-03-01",
        status: "upcoming",
        changesPath: "/privacy-policy/changes/2026-03-01",
      },
      {
        effectiveDate: "2025-09-01",
        effectiveDateText: "September 1, 2025",
        path: "/privacy-policy",
        status: "inForce",
        changesPath: "/privacy-policy/changes/2025-09-01",
      },
      {
        effectiveDate: "2025-05-25",
        effectiveDateText: "May 25, 2025",
        path: "/privacy-policy/2025-05-25",
        status: "earlier",
        changesPath: null,
      },
    ])
  })

  it("takes a version as in force from the start of its day, not before", () => {
    const root = withSecondVersion()
    expect(versionPage(legalPages(root, { day: "2025-08-31" }), "/privacy-policy")).toMatchObject({
      effectiveDate: "2025-05-25",
      next: { effectiveDateText: "September 1, 2025" },
    })
    expect(versionPage(legalPages(root, { day: "2025-09-01" }), "/privacy-policy")).toMatchObject({
      effectiveDate: "2025-09-01",
      next: null,
      hasOtherVersions: true,
    })
  })

  it("gives the changes page the edited sentence under its section's heading, linking both versions' pages", () => {
    const changes = legalPages(withSecondVersion(), { day: "2025-12-31" }).find((page) => page.template === "changes")
    if (changes?.template !== "changes") throw new Error("no changes page")
    expect(changes.context).toMatchObject({
      previousPath: "/privacy-policy/2025-05-25",
      versionPath: "/privacy-policy/2025-09-01",
      previousDateText: "May 25, 2025",
    })
    expect(changes.context.blocks).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Third-party access" }] },
      {
        kind: "paragraph",
        parts: [
          { text: "We " },
          { text: "do not", change: "removed" },
          { text: "never", change: "added" },
          { text: " sell your personal information." },
        ],
      },
    ])
  })

  it("has a translation announce the English version to come until it is translated, then say it follows an older version", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    addText(root, "privacy-policy", "es")
    commitAll(root)
    editLegal(
      root,
      "privacy-policy.md",
      "We do not sell your personal information.",
      "We never sell your personal information.",
    )
    newVersion(root, "privacy-policy", "2025-09-01")
    const before = versionPage(
      legalPages(root, { day: "2025-08-31", lang: "es", pathPrefix: "/es" }),
      "/es/privacy-policy",
    )
    expect(before).toMatchObject({
      title: "Política de privacidad",
      effectiveDateText: "25 de mayo de 2025",
      translation: { englishPath: "/privacy-policy", translationOf: "2025-05-25", outdated: false },
    })
    expect(before.next).toEqual({
      effectiveDateText: "1 de septiembre de 2025",
      path: "/privacy-policy/2025-09-01",
      changesPath: "/privacy-policy/changes/2025-09-01",
      lang: "en",
    })
    const after = versionPage(
      legalPages(root, { day: "2025-09-01", lang: "es", pathPrefix: "/es" }),
      "/es/privacy-policy",
    )
    expect(after).toMatchObject({ next: null, translation: { translationOf: "2025-05-25", outdated: true } })
  })

  it("puts a translation's versions under its prefix, with its dates in its language", () => {
    const root = withSecondVersion()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    addText(root, "privacy-policy", "es")
    newVersion(root, "privacy-policy", "2025-09-01", "es")
    const pages = legalPages(root, { day: "2025-12-31", lang: "es", pathPrefix: "/es" })
    expect(pages.map((page) => [page.template, page.path])).toEqual([
      ["page", "/es/privacy-policy"],
      ["page", "/es/privacy-policy/2025-05-25"],
      ["page", "/es/privacy-policy/2025-09-01"],
      ["versions", "/es/privacy-policy/versions"],
      ["changes", "/es/privacy-policy/changes/2025-09-01"],
    ])
    expect(versionPage(pages, "/es/privacy-policy/2025-05-25")).toMatchObject({
      status: "earlier",
      effectiveDateText: "25 de mayo de 2025",
      endDateText: "1 de septiembre de 2025",
      currentPath: "/es/privacy-policy",
      translation: { englishPath: "/privacy-policy/2025-05-25", translationOf: "2025-05-25", outdated: false },
    })
    expect(versionPage(pages, "/es/privacy-policy")).toMatchObject({
      translation: { englishPath: "/privacy-policy", translationOf: "2025-09-01", outdated: false },
    })
  })
})
