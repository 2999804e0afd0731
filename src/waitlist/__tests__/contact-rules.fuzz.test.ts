/**
 * @jest-environment node
 */
import fc from "fast-check"
import { recordFigures } from "../../testing/reliability-figures"
import { validateContact } from "../contact-rules"
import { FIELD_LIMITS, parseSubmission } from "../parse-submission"

const RUNS = 4000
const figures = recordFigures("validation-fuzzing", "no store")

/** Characters that sit on the rules' edges: spaces of every kind, the pattern's @ and dot, NUL and lone surrogates. */
const edgy = fc.constantFrom(" ", "\t", "\n", "\r", "\u00a0", "\u2028", "\ufeff", "\u3000", "@", ".", "a", "é", "字", "😀", "\u0000", "\ud800", "\udc00")
const text = fc.oneof(
  fc.string({ unit: edgy, maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.emailAddress().map((email) => ` ${email}\t`),
  fc.string({ maxLength: 300 }),
)

/** What the server would keep verbatim: no NUL, no unpaired surrogate, within the field's limit. */
const storable = (value: string, limit: number) =>
  value.length <= limit && !/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)

describe("the contact rules shared by the browser form and the server", () => {
  afterAll(() => figures.add({ inputsFuzzed: 3 * RUNS }))

  it("gives the same name and e-mail messages on both sides for every storable name and e-mail", () => {
    fc.assert(
      fc.property(text, text, (name, email) => {
        fc.pre(storable(name, FIELD_LIMITS.name) && storable(email, FIELD_LIMITS.email))
        const browser = validateContact({ name, email })
        const server = parseSubmission({ name, email })
        const serverFields = server.ok ? {} : server.fields
        expect({ name: serverFields.name, email: serverFields.email }).toEqual({ name: browser.name, email: browser.email })
        expect(server.ok).toBe(browser.name === undefined && browser.email === undefined)
      }),
      { numRuns: RUNS },
    )
  })

  it("never lets the server accept a name or e-mail the browser refuses, whatever the text", () => {
    fc.assert(
      fc.property(text, text, (name, email) => {
        const browser = validateContact({ name, email })
        const server = parseSubmission({ name, email })
        if (browser.name !== undefined || browser.email !== undefined) expect(server.ok).toBe(false)
      }),
      { numRuns: RUNS },
    )
  })

  it("keeps only a trimmed name and e-mail that pass the browser's rules again, unchanged", () => {
    fc.assert(
      fc.property(text, text, fc.string({ unit: "binary", maxLength: 60 }), (name, email, message) => {
        const server = parseSubmission({ name, email, message })
        if (!server.ok) return
        const { submission } = server
        expect(validateContact(submission)).toEqual({})
        expect(submission).toMatchObject({ name: name.trim(), email: email.trim(), message })
        expect(parseSubmission(submission)).toEqual(server)
      }),
      { numRuns: RUNS },
    )
  })
})
