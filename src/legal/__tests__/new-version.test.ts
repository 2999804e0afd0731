/**
 * @jest-environment node
 */
import {
  commitAll,
  copyLegalRoot,
  editLegal,
  readLegal,
  removeLegalRoots,
  spanishPrivacyPolicy,
  writeLegal,
} from "../../../test/support/legal-root"
import { addText } from "../add-text"
import { checkLegalTexts } from "../check-legal"
import { readLock } from "../legal-lock"
import { hashText } from "../legal-text"
import { newVersion } from "../new-version"

const SENTENCE = "We do not sell your personal information."
const CHANGED = "We never sell your personal information."

afterAll(removeLegalRoots)

describe("newVersion", () => {
  it("archives the committed text in force and dates the edited text anew, changing only the date line", () => {
    const root = copyLegalRoot()
    commitAll(root)
    const inForce = readLegal(root, "privacy-policy.md")
    editLegal(root, "privacy-policy.md", SENTENCE, CHANGED)
    const edited = readLegal(root, "privacy-policy.md")

    expect(newVersion(root, "privacy-policy", "2025-09-01")).toEqual({
      archived: "content/legal/archive/privacy-policy/2025-05-25.md",
      current: "content/legal/privacy-policy.md",
    })
    expect(readLegal(root, "archive/privacy-policy/2025-05-25.md")).toBe(inForce)
    expect(readLegal(root, "privacy-policy.md")).toBe(
      edited.replace("effectiveDate: 2025-05-25", "effectiveDate: 2025-09-01"),
    )
    expect(readLock(root).documents["privacy-policy"]?.en).toEqual({
      current: {
        effectiveDate: "2025-09-01",
        file: "privacy-policy.md",
        sha256: hashText(readLegal(root, "privacy-policy.md")),
      },
      archive: [
        { effectiveDate: "2025-05-25", file: "archive/privacy-policy/2025-05-25.md", sha256: hashText(inForce) },
      ],
    })
    expect(checkLegalTexts(root)).toEqual([])
  })

  it("finds the text in force in a commit when the edit was committed too", () => {
    const root = copyLegalRoot()
    commitAll(root)
    const inForce = readLegal(root, "privacy-policy.md")
    editLegal(root, "privacy-policy.md", SENTENCE, CHANGED)
    commitAll(root)
    newVersion(root, "privacy-policy", "2025-09-01")
    expect(readLegal(root, "archive/privacy-policy/2025-05-25.md")).toBe(inForce)
  })

  it("archives a text not edited yet without needing git", () => {
    const root = copyLegalRoot()
    const inForce = readLegal(root, "terms-and-conditions.md")
    newVersion(root, "terms-and-conditions", "2026-01-01")
    expect(readLegal(root, "archive/terms-and-conditions/2025-05-25.md")).toBe(inForce)
    expect(checkLegalTexts(root)).toEqual([])
  })

  it("refuses when the text in force is neither in the file nor in git, and changes nothing", () => {
    const root = copyLegalRoot()
    editLegal(root, "privacy-policy.md", SENTENCE, CHANGED)
    const lock = readLegal(root, "legal.lock.json")
    expect(() => newVersion(root, "privacy-policy", "2025-09-01")).toThrow(
      "the text of content/legal/privacy-policy.md in force on 2025-05-25 is neither in the file nor in git, so it cannot be archived: restore it, run `npm run legal -- new-version privacy-policy 2025-09-01`, then make the changes",
    )
    expect(readLegal(root, "legal.lock.json")).toBe(lock)
    expect(readLegal(root, "privacy-policy.md")).toContain("effectiveDate: 2025-05-25")
  })

  it.each([
    [
      "2025-05-25",
      "2025-05-25 is not after 2025-05-25, the effective date of the version in force of content/legal/privacy-policy.md",
    ],
    [
      "2025-01-01",
      "2025-01-01 is not after 2025-05-25, the effective date of the version in force of content/legal/privacy-policy.md",
    ],
    ["2025-02-30", "2025-02-30 is not a real date written as YYYY-MM-DD"],
    ["1 Sept 2025", "1 Sept 2025 is not a real date written as YYYY-MM-DD"],
  ])("refuses the date %s", (date, message) => {
    const root = copyLegalRoot()
    expect(() => newVersion(root, "privacy-policy", date)).toThrow(message)
    expect(checkLegalTexts(root)).toEqual([])
  })

  it("refuses a document the lock does not know", () => {
    expect(() => newVersion(copyLegalRoot(), "cookie-policy", "2025-09-01")).toThrow(
      "cookie-policy (en) is not in content/legal/legal.lock.json: run `npm run legal -- add cookie-policy` first",
    )
  })

  it("dates a translation by its translationOf when it has no effectiveDate of its own", () => {
    const root = copyLegalRoot()
    const spanish = spanishPrivacyPolicy("2025-05-25")
    writeLegal(root, "privacy-policy.es.md", spanish)
    addText(root, "privacy-policy", "es")
    newVersion(root, "privacy-policy", "2025-09-01")
    newVersion(root, "privacy-policy", "2025-09-01", "es")
    expect(readLegal(root, "archive/privacy-policy/2025-05-25.es.md")).toBe(spanish)
    expect(readLegal(root, "privacy-policy.es.md")).toBe(
      spanish.replace("translationOf: 2025-05-25", "translationOf: 2025-09-01"),
    )
    expect(checkLegalTexts(root)).toEqual([])
  })
})
