/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { commitAll, copyLegalRoot, editLegal, removeLegalRoots, spanishPrivacyPolicy, writeLegal } from "../../../test/support/legal-root"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { addText } from "../add-text"
import { legalPages } from "../legal-pages"
import { newVersion } from "../new-version"

afterAll(removeLegalRoots)

/** A copy of content/legal where the privacy policy has a second version, effective 2025-09-01, that no longer says it does not sell data. */
function withSecondVersion(): string {
  const root = copyLegalRoot()
  commitAll(root)
  editLegal(root, "privacy-policy.md", "We do not sell your personal information.", "We never sell your personal information.")
  newVersion(root, "privacy-policy", "2025-09-01")
  return root
}

describe("legalPages", () => {
  it("lists only the versions page of each document while no version is archived", () => {
    expect(legalPages(copyLegalRoot()).map((page) => [page.template, page.path])).toEqual([
      ["versions", "/privacy-policy/versions"],
      ["versions", "/terms-and-conditions/versions"],
    ])
  })

  it("gives the site's privacy policy its first version, archived, and the changes of December 1, 2026, in every language", () => {
    for (const lang of ["en", "es", "fr", "de", "pt-br", "ja"]) {
      const prefix = lang === "en" ? "" : `/${lang}`
      const paths = legalPages(PROJECT_ROOT, { lang, pathPrefix: prefix }).map((page) => page.path)
      expect(paths).toEqual(expect.arrayContaining([`${prefix}/privacy-policy/versions`, `${prefix}/privacy-policy/2025-05-25`, `${prefix}/privacy-policy/changes/2026-12-01`]))
    }
  })

  it("adds the archived version and the changes of the version in force once there are two", () => {
    const pages = legalPages(withSecondVersion())
    expect(pages.map((page) => [page.template, page.path])).toEqual([
      ["versions", "/privacy-policy/versions"],
      ["archived", "/privacy-policy/2025-05-25"],
      ["changes", "/privacy-policy/changes/2025-09-01"],
      ["versions", "/terms-and-conditions/versions"],
    ])
    expect(pages[0]?.context).toEqual({
      document: "privacy-policy",
      lang: "en",
      title: "Privacy Policy",
      currentPath: "/privacy-policy",
      versionsPath: "/privacy-policy/versions",
      versions: [
        { effectiveDate: "2025-09-01", effectiveDateText: "September 1, 2025", path: "/privacy-policy", current: true, changesPath: "/privacy-policy/changes/2025-09-01" },
        { effectiveDate: "2025-05-25", effectiveDateText: "May 25, 2025", path: "/privacy-policy/2025-05-25", current: false, changesPath: null },
      ],
    })
  })

  it("gives an archived version its HTML with the tokens filled, and the day it ended", () => {
    const archived = legalPages(withSecondVersion()).find((page) => page.template === "archived")
    if (archived?.template !== "archived") throw new Error("no archived page")
    expect(archived.context).toMatchObject({ effectiveDateText: "May 25, 2025", endDate: "2025-09-01", endDateText: "September 1, 2025", currentPath: "/privacy-policy" })
    expect(archived.context.html).toContain("<p>We do not sell your personal information.</p>")
    expect(archived.context.html).toContain(`<a href="${siteFacts.providers.errors.privacyUrl}">${siteFacts.providers.errors.name}</a>`)
  })

  it("gives the changes page the edited sentence under its section's heading", () => {
    const changes = legalPages(withSecondVersion()).find((page) => page.template === "changes")
    if (changes?.template !== "changes") throw new Error("no changes page")
    expect(changes.context).toMatchObject({ previousPath: "/privacy-policy/2025-05-25", versionPath: "/privacy-policy", previousDateText: "May 25, 2025" })
    expect(changes.context.blocks).toEqual([
      { kind: "heading", level: 2, parts: [{ text: "Third-party access" }] },
      { kind: "paragraph", parts: [{ text: "We " }, { text: "do not", change: "removed" }, { text: "never", change: "added" }, { text: " sell your personal information." }] },
    ])
  })

  it("puts a translation's pages under its prefix, with its dates in its language", () => {
    const root = withSecondVersion()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    addText(root, "privacy-policy", "es")
    newVersion(root, "privacy-policy", "2025-09-01", "es")
    const pages = legalPages(root, { lang: "es", pathPrefix: "/es" })
    expect(pages.map((page) => [page.template, page.path])).toEqual([
      ["versions", "/es/privacy-policy/versions"],
      ["archived", "/es/privacy-policy/2025-05-25"],
      ["changes", "/es/privacy-policy/changes/2025-09-01"],
    ])
    expect(pages[0]?.context).toMatchObject({ title: "Política de privacidad", currentPath: "/es/privacy-policy" })
    expect(pages[1]?.context).toMatchObject({ effectiveDateText: "25 de mayo de 2025" })
  })
})
