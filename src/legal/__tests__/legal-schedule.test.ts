/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { commitAll, copyLegalRoot, editLegal, removeLegalRoots } from "../../../test/support/legal-root"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { daysToCome, legalPagesToBuild } from "../legal-schedule"
import { newVersion } from "../new-version"

afterAll(removeLegalRoots)

const contextAt = (pages: ReturnType<typeof legalPagesToBuild>, path: string) => pages.find((page) => page.path === path)?.context

describe("legalPagesToBuild", () => {
  it("builds on November 27, 2026 the policy in force at its path, and for December 1, 2026 only the pages that change that day, in every language", () => {
    const pages = legalPagesToBuild(PROJECT_ROOT, "2026-11-27", siteFacts)
    expect(contextAt(pages, "/privacy-policy")).toMatchObject({ effectiveDate: "2025-05-25", pagePath: "/privacy-policy" })
    const scheduled = pages.filter((page) => page.path.includes("/_from/")).map((page) => page.path)
    for (const prefix of ["", "/es", "/fr", "/de", "/pt-br", "/ja"]) {
      expect(scheduled.filter((path) => path.startsWith(`${prefix}/_from/`))).toEqual([
        `${prefix}/_from/2026-12-01/privacy-policy`,
        `${prefix}/_from/2026-12-01/privacy-policy/2025-05-25`,
        `${prefix}/_from/2026-12-01/privacy-policy/2026-12-01`,
        `${prefix}/_from/2026-12-01/privacy-policy/versions`,
      ])
    }
    expect(scheduled).toHaveLength(24)
    expect(contextAt(pages, "/_from/2026-12-01/privacy-policy")).toMatchObject({ effectiveDate: "2026-12-01", status: "inForce", pagePath: "/privacy-policy", next: null })
    expect(contextAt(pages, "/ja/_from/2026-12-01/privacy-policy/2025-05-25")).toMatchObject({ status: "earlier", pagePath: "/ja/privacy-policy/2025-05-25" })
  })

  it("builds on or after December 1, 2026 the policy of that day at its path, and nothing for days to come", () => {
    for (const today of ["2026-12-01", "2027-06-30"]) {
      const pages = legalPagesToBuild(PROJECT_ROOT, today, siteFacts)
      expect(contextAt(pages, "/privacy-policy")).toMatchObject({ effectiveDate: "2026-12-01", file: "privacy-policy.md", next: null })
      expect(pages.filter((page) => page.path.includes("/_from/"))).toEqual([])
    }
  })

  it("builds each day to come, a later day only with what changes from the day before", () => {
    const root = copyLegalRoot()
    commitAll(root)
    editLegal(root, "privacy-policy.md", "We do not sell your personal information.", "We never sell your personal information.")
    newVersion(root, "privacy-policy", "2026-01-01")
    newVersion(root, "privacy-policy", "2026-02-01")
    expect(daysToCome(root, "2025-12-15")).toEqual(["2026-01-01", "2026-02-01"])
    const scheduled = legalPagesToBuild(root, "2025-12-15", siteFacts).filter((page) => page.path.includes("/_from/"))
    expect(scheduled.map((page) => page.path)).toEqual([
      "/_from/2026-01-01/privacy-policy",
      "/_from/2026-01-01/privacy-policy/2025-05-25",
      "/_from/2026-01-01/privacy-policy/2026-01-01",
      "/_from/2026-01-01/privacy-policy/2026-02-01",
      "/_from/2026-01-01/privacy-policy/versions",
      "/_from/2026-02-01/privacy-policy",
      "/_from/2026-02-01/privacy-policy/2026-01-01",
      "/_from/2026-02-01/privacy-policy/2026-02-01",
      "/_from/2026-02-01/privacy-policy/versions",
    ])
    expect(scheduled[0]?.context).toMatchObject({ effectiveDate: "2026-01-01", next: { effectiveDateText: "February 1, 2026" } })
    // From January 1, the page of February 1 says that the version of January 1 applies, no longer the one of May 25, 2025.
    expect(scheduled[3]?.context).toMatchObject({ status: "upcoming", inForceDateText: "January 1, 2026" })
  })
})
