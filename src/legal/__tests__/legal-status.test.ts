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
import { legalStatus } from "../legal-status"
import { newVersion } from "../new-version"
import { runLegalCommand } from "../run-legal-command"

afterAll(removeLegalRoots)

/** What `npm run legal -- status` prints on a day, and its exit code. */
function status(root: string, now: Date) {
  const output = { out: "", err: "" }
  const code = runLegalCommand(
    ["status"],
    root,
    { out: (text) => (output.out += text), err: (text) => (output.err += text) },
    now,
  )
  return { code, ...output }
}

describe("legalStatus", () => {
  it("says of the site's privacy policy on November 30, 2026 that May 25, 2025 is in force and that December 1, 2026, January 15, 2027 and March 1, 2027 come, then from each day which is in force and what still comes", () => {
    expect(status(PROJECT_ROOT, new Date("2026-11-30T23:59:59Z")).out.split("\n")).toEqual(
      expect.arrayContaining([
        "privacy-policy en: 2025-05-25 in force, 2026-12-01, 2027-01-15 and 2027-03-01 to come",
        "privacy-policy ja: 2025-05-25 in force, 2026-12-01, 2027-01-15 and 2027-03-01 to come",
        "terms-and-conditions en: 2025-05-25 in force",
      ]),
    )
    expect(legalStatus(PROJECT_ROOT, "2026-11-30").texts[0]).toMatchObject({
      document: "privacy-policy",
      lang: "en",
      inForce: "2025-05-25",
      toCome: ["2026-12-01", "2027-01-15", "2027-03-01"],
    })
    const onTheDay = status(PROJECT_ROOT, new Date("2026-12-01T00:00:00Z"))
    expect(onTheDay.out.split("\n")).toEqual(
      expect.arrayContaining([
        "privacy-policy en: 2026-12-01 in force, 2027-01-15 and 2027-03-01 to come",
        "privacy-policy es: 2026-12-01 in force, 2027-01-15 and 2027-03-01 to come",
      ]),
    )
    expect(onTheDay).toMatchObject({ code: 0, err: "" })
    const newest = status(PROJECT_ROOT, new Date("2027-01-15T00:00:00Z"))
    expect(newest.out.split("\n")).toEqual(
      expect.arrayContaining([
        "privacy-policy en: 2027-01-15 in force, 2027-03-01 to come",
        "privacy-policy ja: 2027-01-15 in force, 2027-03-01 to come",
      ]),
    )
  })

  it("calls a translation of the newest English version current", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    addText(root, "privacy-policy", "es")
    expect(legalStatus(root, "2026-01-01")).toEqual({
      texts: [
        {
          document: "privacy-policy",
          lang: "en",
          inForce: "2025-05-25",
          toCome: [],
          state: "current",
          englishDate: "2025-05-25",
          problems: [],
        },
        {
          document: "privacy-policy",
          lang: "es",
          inForce: "2025-05-25",
          toCome: [],
          state: "current",
          englishDate: "2025-05-25",
          translationOf: "2025-05-25",
          problems: [],
        },
        {
          document: "terms-and-conditions",
          lang: "en",
          inForce: "2025-05-25",
          toCome: [],
          state: "current",
          englishDate: "2025-05-25",
          problems: [],
        },
      ],
      otherProblems: [],
    })
  })

  it("calls a translation outdated once the English text has a newer version, naming its date, even before it takes effect", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    addText(root, "privacy-policy", "es")
    newVersion(root, "privacy-policy", "2025-09-01")
    expect(legalStatus(root, "2025-08-01").texts).toContainEqual(
      expect.objectContaining({
        lang: "es",
        inForce: "2025-05-25",
        toCome: [],
        state: "outdated",
        englishDate: "2025-09-01",
        translationOf: "2025-05-25",
      }),
    )
    expect(status(root, new Date("2025-08-01T12:00:00Z")).out).toContain(
      "privacy-policy en: 2025-05-25 in force, 2025-09-01 to come\nprivacy-policy es: 2025-05-25 in force; outdated, translates 2025-05-25 but the English text is effective 2025-09-01\n",
    )
  })

  it("lists every version published ahead of its date, soonest first", () => {
    const root = copyLegalRoot()
    commitAll(root)
    newVersion(root, "privacy-policy", "2025-09-01")
    commitAll(root)
    newVersion(root, "privacy-policy", "2025-10-01")
    commitAll(root)
    newVersion(root, "privacy-policy", "2026-01-01")
    expect(status(root, new Date("2025-08-01T00:00:00Z")).out).toContain(
      "privacy-policy en: 2025-05-25 in force, 2025-09-01, 2025-10-01 and 2026-01-01 to come\n",
    )
    expect(status(root, new Date("2025-12-31T23:59:59Z")).out).toContain(
      "privacy-policy en: 2025-10-01 in force, 2026-01-01 to come\n",
    )
  })

  it("gives each text the check's problems with its files, and fails as the check does", () => {
    const root = copyLegalRoot()
    commitAll(root)
    newVersion(root, "privacy-policy", "2025-09-01")
    editLegal(
      root,
      "archive/privacy-policy/2025-05-25.md",
      "We do not sell your personal information.",
      "We never sell your personal information.",
    )
    writeLegal(root, "archive/privacy-policy/old.md", "---\ntitle: Old\n---\n")
    const { texts, otherProblems } = legalStatus(root, "2025-10-01")
    expect(texts.find((text) => text.document === "privacy-policy")?.problems.map((problem) => problem.file)).toEqual([
      "content/legal/archive/privacy-policy/2025-05-25.md",
    ])
    expect(otherProblems.map((problem) => problem.file)).toEqual(["content/legal/archive/privacy-policy/old.md"])
    const printed = status(root, new Date("2025-10-01T00:00:00Z"))
    expect(printed.code).toBe(1)
    expect(printed.out).toContain("privacy-policy en: 2025-09-01 in force; fails the check (1 problem, below)\n")
    expect(printed.err).toContain(
      "content/legal/archive/privacy-policy/2025-05-25.md: has been edited, and archived versions are never edited",
    )
  })
})
