/**
 * @jest-environment node
 */
import { copyLegalRoot, editLegal, readLegal, removeLegalRoots } from "../../../test/support/legal-root"
import { amend } from "../amend"
import { checkLegalTexts } from "../check-legal"
import { readLock } from "../legal-lock"
import { hashText } from "../legal-text"

const NOW = new Date("2025-07-01T09:30:00.000Z")

afterAll(removeLegalRoots)

describe("amend", () => {
  it("records a correction as an amendment of the version in force, after which the check passes", () => {
    const root = copyLegalRoot()
    const before = hashText(readLegal(root, "terms-and-conditions.md"))
    editLegal(root, "terms-and-conditions.md", "Welcome to", "Welcome, to")
    const after = hashText(readLegal(root, "terms-and-conditions.md"))
    const amendment = {
      document: "terms-and-conditions",
      lang: "en",
      effectiveDate: "2025-05-25",
      from: before,
      to: after,
      recordedAt: "2025-07-01T09:30:00.000Z",
    }

    expect(amend(root, "terms-and-conditions", "en", NOW)).toEqual(amendment)
    expect(readLock(root).amendments).toEqual([amendment])
    expect(readLock(root).documents["terms-and-conditions"]?.en?.current.sha256).toBe(after)
    expect(readLegal(root, "legal.lock.json")).toContain(
      `{ "document": "terms-and-conditions", "effectiveDate": "2025-05-25", "from": "${before}", "lang": "en", "recordedAt": "2025-07-01T09:30:00.000Z", "to": "${after}" }`,
    )
    expect(checkLegalTexts(root)).toEqual([])
  })

  it("refuses a text that has not changed", () => {
    expect(() => amend(copyLegalRoot(), "privacy-policy")).toThrow(
      "content/legal/privacy-policy.md has not changed since the lock recorded it: there is nothing to amend",
    )
  })

  it("refuses a text whose date changed, which is a new version", () => {
    const root = copyLegalRoot()
    editLegal(root, "privacy-policy.md", "effectiveDate: 2025-05-25", "effectiveDate: 2025-08-01")
    const lock = readLegal(root, "legal.lock.json")
    expect(() => amend(root, "privacy-policy")).toThrow(
      "content/legal/privacy-policy.md is dated 2025-08-01, not 2025-05-25 as the version in force: a new date is a new version, set it back and run `npm run legal -- new-version privacy-policy 2025-08-01`",
    )
    expect(readLegal(root, "legal.lock.json")).toBe(lock)
  })
})
