/**
 * @jest-environment node
 */
import fs from "fs"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import {
  copyLegalRoot,
  editLegal,
  legalPath,
  readLegal,
  removeLegalRoots,
  spanishPrivacyPolicy,
  writeLegal,
} from "../../../test/support/legal-root"
import { addText } from "../add-text"
import { amend } from "../amend"
import { checkLegalTexts } from "../check-legal"
import { newVersion } from "../new-version"

const SENTENCE = "We do not sell your personal information."

type LockJson = {
  documents: Record<
    string,
    Record<string, { current: { file: string }; archive: { effectiveDate: string; file: string; sha256: string }[] }>
  >
}
const PRIVACY = "content/legal/privacy-policy.md"

afterAll(removeLegalRoots)

describe("checkLegalTexts", () => {
  it("finds nothing wrong with the texts and lock as committed", () => {
    expect(checkLegalTexts(PROJECT_ROOT)).toEqual([])
  })

  it("asks for a new version or an amendment when a text changed but its date did not", () => {
    const root = copyLegalRoot()
    editLegal(root, "privacy-policy.md", SENTENCE, "We never sell your personal information.")
    expect(checkLegalTexts(root)).toEqual([
      {
        file: PRIVACY,
        line: 3,
        message:
          "has changed, but its `effectiveDate` is still 2025-05-25: run `npm run legal -- new-version privacy-policy <YYYY-MM-DD>` for a new version, or `npm run legal -- amend privacy-policy` for a correction that needs none",
      },
    ])
  })

  it("asks to set a date changed by hand back and run new-version", () => {
    const root = copyLegalRoot()
    editLegal(root, "privacy-policy.md", "effectiveDate: 2025-05-25", "effectiveDate: 2025-09-01")
    expect(checkLegalTexts(root)).toEqual([
      {
        file: PRIVACY,
        line: 3,
        message:
          "has its `effectiveDate` changed by hand from 2025-05-25 to 2025-09-01: set it back to 2025-05-25, then run `npm run legal -- new-version privacy-policy 2025-09-01`, which archives the version in force and sets the new date",
      },
    ])
  })

  it("says archived versions are never edited when one has been", () => {
    const root = copyLegalRoot()
    newVersion(root, "privacy-policy", "2025-09-01")
    editLegal(root, "archive/privacy-policy/2025-05-25.md", SENTENCE, "We rarely sell your personal information.")
    expect(checkLegalTexts(root)).toEqual([
      {
        file: "content/legal/archive/privacy-policy/2025-05-25.md",
        message:
          "has been edited, and archived versions are never edited: restore it with `git checkout -- content/legal/archive/privacy-policy/2025-05-25.md` and correct the text in force instead",
      },
    ])
  })

  it("refuses a text in force that is not dated after its last archived version", () => {
    const root = copyLegalRoot()
    newVersion(root, "privacy-policy", "2025-09-01")
    editLegal(root, "privacy-policy.md", "effectiveDate: 2025-09-01", "effectiveDate: 2025-05-25")
    expect(checkLegalTexts(root)).toContainEqual({
      file: PRIVACY,
      line: 3,
      message:
        "has the `effectiveDate` 2025-05-25, which is not after its last archived version's (2025-05-25): effective dates must strictly increase",
    })
  })

  it("names the file whose effective date does not exist, or which has no title", () => {
    const root = copyLegalRoot()
    editLegal(root, "privacy-policy.md", "effectiveDate: 2025-05-25", "effectiveDate: 2025-02-30")
    editLegal(root, "terms-and-conditions.md", "title: Terms and Conditions\n", "")
    expect(checkLegalTexts(root)).toEqual([
      { file: PRIVACY, line: 3, message: 'its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD' },
      { file: "content/legal/terms-and-conditions.md", message: "it has no `title` in its frontmatter" },
    ])
  })

  it("asks to add a translation the lock does not know, and accepts it once added", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    expect(checkLegalTexts(root)).toEqual([
      {
        file: "content/legal/privacy-policy.es.md",
        message:
          "is not in content/legal/legal.lock.json: run `npm run legal -- add privacy-policy --lang es` to record it",
      },
    ])
    addText(root, "privacy-policy", "es")
    expect(checkLegalTexts(root)).toEqual([])
  })

  it("refuses a translation of an English version that never existed", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-06-01"))
    addText(root, "privacy-policy", "es")
    expect(checkLegalTexts(root)).toEqual([
      {
        file: "content/legal/privacy-policy.es.md",
        line: 3,
        message:
          "has the `translationOf` 2025-06-01, which is not the date of any English version of privacy-policy (2025-05-25)",
      },
    ])
  })

  it("refuses an archived version written by hand", () => {
    const root = copyLegalRoot()
    writeLegal(
      root,
      "archive/terms-and-conditions/2024-01-01.md",
      "---\ntitle: Terms\neffectiveDate: 2024-01-01\n---\n\nOld terms.\n",
    )
    expect(checkLegalTexts(root)).toEqual([
      {
        file: "content/legal/archive/terms-and-conditions/2024-01-01.md",
        message:
          "is not in content/legal/legal.lock.json: archived versions are written by `npm run legal -- new-version terms-and-conditions <YYYY-MM-DD>`, never by hand",
      },
    ])
  })

  it("names a file the lock lists but that is gone", () => {
    const root = copyLegalRoot()
    newVersion(root, "terms-and-conditions", "2025-09-01")
    fs.rmSync(legalPath(root, "archive/terms-and-conditions/2025-05-25.md"))
    expect(checkLegalTexts(root)).toEqual([
      {
        file: "content/legal/archive/terms-and-conditions/2025-05-25.md",
        message:
          "is named in content/legal/legal.lock.json but does not exist: archived versions are never deleted, restore it from git",
      },
    ])
  })

  it("refuses raw HTML in a text in force and in an archived version, naming the file and the line", () => {
    const root = copyLegalRoot()
    const refresh = '<meta http-equiv="refresh" content="4;url=https://elsewhere.example/">'
    editLegal(
      root,
      "privacy-policy.md",
      "We do not sell your personal information.",
      `We do not sell your personal information. <span style="position:fixed;inset:0">x</span>\n\n${refresh}`,
    )
    amend(root, "privacy-policy")
    const lines = readLegal(root, "privacy-policy.md").split("\n")
    const lineOf = (text: string) => lines.findIndex((line) => line.includes(text)) + 1
    expect(checkLegalTexts(root)).toEqual([
      {
        file: PRIVACY,
        line: lineOf("<span"),
        message: `line ${lineOf("<span")} holds raw HTML (\`<span style="position:fixed;inset:0">\`): a legal text is Markdown only, so write it in Markdown or take it out`,
      },
      {
        file: PRIVACY,
        line: lineOf("<span"),
        message: `line ${lineOf("<span")} holds raw HTML (\`</span>\`): a legal text is Markdown only, so write it in Markdown or take it out`,
      },
      {
        file: PRIVACY,
        line: lineOf("<meta"),
        message: `line ${lineOf("<meta")} holds raw HTML (\`<meta http-equiv="refresh" content="4;ur…\`): a legal text is Markdown only, so write it in Markdown or take it out`,
      },
    ])
    newVersion(root, "privacy-policy", "2025-09-01")
    const archived = "content/legal/archive/privacy-policy/2025-05-25.md"
    expect(checkLegalTexts(root).map((problem) => problem.file)).toEqual([
      PRIVACY,
      PRIVACY,
      PRIVACY,
      archived,
      archived,
      archived,
    ])
  })

  it.each([
    [
      "a text in force outside content/legal/",
      (lock: LockJson) => (lock.documents["privacy-policy"]!.en!.current.file = "../../x.md"),
    ],
    [
      "an archived version outside content/legal/",
      (lock: LockJson) =>
        lock.documents["privacy-policy"]!.en!.archive.push({
          effectiveDate: "2024-01-01",
          file: "../../../etc/x.md",
          sha256: "0".repeat(64),
        }),
    ],
    [
      "an archived version dated with a path",
      (lock: LockJson) =>
        lock.documents["privacy-policy"]!.en!.archive.push({
          effectiveDate: "../../x",
          file: "archive/privacy-policy/../../x.md",
          sha256: "0".repeat(64),
        }),
    ],
    ["a document named with a path", (lock: LockJson) => (lock.documents["../x"] = lock.documents["privacy-policy"]!)],
    [
      "a language the site does not have",
      (lock: LockJson) => (lock.documents["privacy-policy"]!["../x"] = lock.documents["privacy-policy"]!.en!),
    ],
  ])("refuses a lock that names %s, and reads or writes nothing by it", (_, change) => {
    const root = copyLegalRoot()
    const lock = JSON.parse(readLegal(root, "legal.lock.json")) as LockJson
    change(lock)
    writeLegal(root, "legal.lock.json", JSON.stringify(lock))
    const problems = checkLegalTexts(root)
    expect(problems).toEqual([
      {
        file: "content/legal/legal.lock.json",
        message: expect.stringContaining(
          "a lock names only the site's texts, in the files of content/legal/ the commands write",
        ),
      },
    ])
    expect(() => newVersion(root, "privacy-policy", "2026-01-01")).toThrow("a lock names only the site's texts")
  })

  it("says what is wrong with a lock that is not JSON", () => {
    const root = copyLegalRoot()
    fs.writeFileSync(legalPath(root, "legal.lock.json"), "{ not json")
    expect(checkLegalTexts(root)).toEqual([
      {
        file: "content/legal/legal.lock.json",
        message: expect.stringMatching(
          /^content\/legal\/legal\.lock\.json is not valid JSON \(.+\): restore it from git$/,
        ),
      },
    ])
  })
})
