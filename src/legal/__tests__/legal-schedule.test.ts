/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { commitAll, copyLegalRoot, editLegal, removeLegalRoots } from "../../../test/support/legal-root"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { daysToCome, legalPagesToBuild } from "../legal-schedule"
import { newVersion } from "../new-version"

afterAll(removeLegalRoots)

const contextAt = (pages: ReturnType<typeof legalPagesToBuild>, path: string) =>
  pages.find((page) => page.path === path)?.context

describe("legalPagesToBuild", () => {
  it("builds on November 27, 2026 the policy in force at its path, and for each day to come only the pages that change that day, in every language", () => {
    const pages = legalPagesToBuild(PROJECT_ROOT, "2026-11-27", siteFacts)
    expect(contextAt(pages, "/privacy-policy")).toMatchObject({
      effectiveDate: "2025-05-25",
      pagePath: "/privacy-policy",
    })
    const scheduled = pages.filter((page) => page.path.includes("/_from/")).map((page) => page.path)
    for (const prefix of ["", "/es", "/fr", "/de", "/pt-br", "/ja"]) {
      expect(scheduled.filter((path) => path.startsWith(`${prefix}/_from/`))).toEqual([
        `${prefix}/_from/2026-12-01/privacy-policy`,
        `${prefix}/_from/2026-12-01/privacy-policy/2025-05-25`,
        `${prefix}/_from/2026-12-01/privacy-policy/2026-12-01`,
        // The versions of January 15 and March 1, 2027 say, from December 1, which version applies today.
        `${prefix}/_from/2026-12-01/privacy-policy/2027-01-15`,
        `${prefix}/_from/2026-12-01/privacy-policy/2027-03-01`,
        `${prefix}/_from/2026-12-01/privacy-policy/versions`,
        `${prefix}/_from/2027-01-15/privacy-policy`,
        `${prefix}/_from/2027-01-15/privacy-policy/2026-12-01`,
        `${prefix}/_from/2027-01-15/privacy-policy/2027-01-15`,
        `${prefix}/_from/2027-01-15/privacy-policy/2027-03-01`,
        `${prefix}/_from/2027-01-15/privacy-policy/versions`,
        `${prefix}/_from/2027-03-01/privacy-policy`,
        `${prefix}/_from/2027-03-01/privacy-policy/2027-01-15`,
        `${prefix}/_from/2027-03-01/privacy-policy/2027-03-01`,
        `${prefix}/_from/2027-03-01/privacy-policy/versions`,
      ])
    }
    expect(scheduled).toHaveLength(90)
    expect(contextAt(pages, "/_from/2026-12-01/privacy-policy")).toMatchObject({
      effectiveDate: "2026-12-01",
      status: "inForce",
      pagePath: "/privacy-policy",
      next: { path: "/privacy-policy/2027-01-15" },
    })
    expect(contextAt(pages, "/_from/2027-01-15/privacy-policy")).toMatchObject({
      effectiveDate: "2027-01-15",
      status: "inForce",
      pagePath: "/privacy-policy",
      next: { path: "/privacy-policy/2027-03-01" },
    })
    expect(contextAt(pages, "/_from/2027-03-01/privacy-policy")).toMatchObject({
      effectiveDate: "2027-03-01",
      status: "inForce",
      pagePath: "/privacy-policy",
      next: null,
    })
    expect(contextAt(pages, "/ja/_from/2026-12-01/privacy-policy/2025-05-25")).toMatchObject({
      status: "earlier",
      pagePath: "/ja/privacy-policy/2025-05-25",
    })
  })

  it("builds on December 1, 2026 that day's policy at its path and only the days still to come; after March 1, 2027 the newest and nothing to come", () => {
    const december = legalPagesToBuild(PROJECT_ROOT, "2026-12-01", siteFacts)
    expect(contextAt(december, "/privacy-policy")).toMatchObject({
      effectiveDate: "2026-12-01",
      file: "archive/privacy-policy/2026-12-01.md",
      next: { path: "/privacy-policy/2027-01-15" },
    })
    expect(
      december
        .filter((page) => page.path.includes("/_from/"))
        .every((page) => /\/_from\/2027-0(1-15|3-01)\//.test(page.path)),
    ).toBe(true)
    const later = legalPagesToBuild(PROJECT_ROOT, "2027-06-30", siteFacts)
    expect(contextAt(later, "/privacy-policy")).toMatchObject({
      effectiveDate: "2027-03-01",
      file: "privacy-policy.md",
      next: null,
    })
    expect(later.filter((page) => page.path.includes("/_from/"))).toEqual([])
  })

  it("builds each day to come, a later day only with what changes from the day before", () => {
    const root = copyLegalRoot()
    commitAll(root)
    editLegal(
      root,
      "privacy-policy.md",
      "We do not sell your personal information.",
      "We never sell your personal information.",
    )
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
    expect(scheduled[0]?.context).toMatchObject({
      effectiveDate: "2026-01-01",
      next: { effectiveDateText: "February 1, 2026" },
    })
    // From January 1, the page of February 1 says that the version of January 1 applies, no longer the one of May 25, 2025.
    expect(scheduled[3]?.context).toMatchObject({ status: "upcoming", inForceDateText: "January 1, 2026" })
  })
})
