/**
 * @jest-environment node
 */
import { copyLegalRoot, removeLegalRoots, spanishPrivacyPolicy, writeLegal } from "../../../test/support/legal-root"
import { addText } from "../add-text"
import { legalStatus } from "../legal-status"
import { newVersion } from "../new-version"

afterAll(removeLegalRoots)

describe("legalStatus", () => {
  it("calls a translation of the English text in force current", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    expect(legalStatus(root)).toEqual([
      { document: "privacy-policy", lang: "en", state: "current", englishDate: "2025-05-25" },
      { document: "privacy-policy", lang: "es", state: "current", englishDate: "2025-05-25", translationOf: "2025-05-25" },
      { document: "terms-and-conditions", lang: "en", state: "current", englishDate: "2025-05-25" },
    ])
  })

  it("calls a translation outdated once the English text has a newer version, naming its date", () => {
    const root = copyLegalRoot()
    writeLegal(root, "privacy-policy.es.md", spanishPrivacyPolicy("2025-05-25"))
    addText(root, "privacy-policy", "es")
    newVersion(root, "privacy-policy", "2025-09-01")
    expect(legalStatus(root)).toContainEqual({ document: "privacy-policy", lang: "es", state: "outdated", englishDate: "2025-09-01", translationOf: "2025-05-25" })
  })
})
