/**
 * @jest-environment node
 */
import { formatLock } from "../legal-lock"

describe("formatLock", () => {
  it("sorts keys and puts each version and amendment on a line of its own", () => {
    const lock = {
      documents: {
        "terms-and-conditions": {
          en: { current: { sha256: "c", file: "terms-and-conditions.md", effectiveDate: "2025-05-25" }, archive: [] },
        },
        "privacy-policy": {
          en: {
            current: { sha256: "b", file: "privacy-policy.md", effectiveDate: "2025-09-01" },
            archive: [{ sha256: "a", file: "archive/privacy-policy/2025-05-25.md", effectiveDate: "2025-05-25" }],
          },
        },
      },
      amendments: [
        {
          to: "b",
          from: "a",
          recordedAt: "2025-07-01T00:00:00.000Z",
          lang: "en",
          effectiveDate: "2025-05-25",
          document: "privacy-policy",
        },
      ],
    }
    expect(formatLock(lock)).toBe(`{
  "amendments": [
    { "document": "privacy-policy", "effectiveDate": "2025-05-25", "from": "a", "lang": "en", "recordedAt": "2025-07-01T00:00:00.000Z", "to": "b" }
  ],
  "documents": {
    "privacy-policy": {
      "en": {
        "archive": [
          { "effectiveDate": "2025-05-25", "file": "archive/privacy-policy/2025-05-25.md", "sha256": "a" }
        ],
        "current": { "effectiveDate": "2025-09-01", "file": "privacy-policy.md", "sha256": "b" }
      }
    },
    "terms-and-conditions": {
      "en": {
        "archive": [],
        "current": { "effectiveDate": "2025-05-25", "file": "terms-and-conditions.md", "sha256": "c" }
      }
    }
  }
}
`)
    expect(JSON.parse(formatLock(lock))).toEqual(lock)
  })
})
