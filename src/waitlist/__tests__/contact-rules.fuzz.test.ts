/**
 * @jest-environment node
 */
import fc from "fast-check"
import addressparser from "nodemailer/lib/addressparser"
import { recordFigures } from "../../../test/support/reliability-figures"
import { CONTACT_MESSAGES, validateContact, type ContactFields } from "../contact-rules"
import { parseSubmission } from "../../server/signup/submission-schema"

const RUNS = 4000
const figures = recordFigures("validation-fuzzing", "no store")

/** Characters that sit on the rules' edges: spaces of every kind, the pattern's @ and dot, controls, invisibles and lone surrogates. */
const edgy = fc.constantFrom(
  " ",
  "\t",
  "\n",
  "\r",
  "\u00a0",
  "\u2028",
  "\ufeff",
  "\u3000",
  "\u200b",
  "\u202e",
  "\u3164",
  "\u001b",
  "@",
  ".",
  "a",
  "é",
  "字",
  "😀",
  "\u0000",
  "\ud800",
  "\udc00",
  ",",
  ";",
  ":",
  "<",
  ">",
  '"',
  "(",
  ")",
  "[",
  "]",
  "\\",
  "-",
  "，",
  "＠",
  "﹫",
  "。",
)
/** Hostile shapes: long runs of the pattern's own characters, which make a backtracking pattern slow. */
const runs = fc
  .tuple(
    fc.constantFrom("@", ".", "@.", "a@", "a.", "@a.", ".@", "a@a."),
    fc.integer({ min: 100, max: 9000 }),
    fc.constantFrom("", " ", "@", "!"),
  )
  .map(([unit, times, end]) => unit.repeat(times) + end)
/** Header syntax around real addresses: lists, groups, display names, comments, routes and quoted mailboxes. */
const addressSyntax = fc
  .tuple(
    fc.array(fc.emailAddress(), { minLength: 1, maxLength: 30 }),
    fc.constantFrom(",", ", ", ";", "<", ">", ":", "(", ")", '"', " "),
    fc.string({ unit: edgy, maxLength: 4 }),
  )
  .map(([emails, joint, around]) => `${around}${emails.join(joint)}${joint}${around}`)
const text = fc.oneof(
  addressSyntax,
  fc.string({ unit: edgy, maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.emailAddress().map((email) => ` ${email}\t`),
  fc.string({ maxLength: 300 }),
  runs,
)

/** The server's field messages for a body of these fields. */
const serverMessages = (fields: ContactFields) => {
  const parsed = parseSubmission(fields)
  return parsed.ok ? {} : parsed.fields
}
/** The browser's, worded as the form words them. */
const browserMessages = (fields: ContactFields) =>
  Object.fromEntries(
    Object.entries(validateContact(fields)).map(([field, problem]) => [field, CONTACT_MESSAGES[problem]]),
  )

describe("the contact rules shared by the browser form and the server", () => {
  afterAll(() => figures.add({ inputsFuzzed: 4 * RUNS }))

  it("gives the same messages on both sides for every name, e-mail and message (line breaks as a text area gives them)", () => {
    fc.assert(
      fc.property(text, text, text, (name, email, rawMessage) => {
        const message = rawMessage.replace(/\r\n?/g, "\n")
        expect(serverMessages({ name, email, message })).toEqual(browserMessages({ name, email, message }))
      }),
      { numRuns: RUNS },
    )
  })

  it("never lets the server accept a name, e-mail or message the browser refuses, whatever the text", () => {
    fc.assert(
      fc.property(text, text, text, (name, email, message) => {
        if (Object.keys(validateContact({ name, email, message })).length > 0)
          expect(parseSubmission({ name, email, message }).ok).toBe(false)
      }),
      { numRuns: RUNS },
    )
  })

  it("accepts only an address that mail software reads as that one address, never a list, a name or a group", () => {
    fc.assert(
      fc.property(fc.oneof(text, addressSyntax), (email) => {
        if (validateContact({ name: "Ana", email }).email !== undefined) return
        expect(addressparser(email.trim())).toEqual([{ name: "", address: email.trim() }])
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
        expect(submission).toMatchObject({
          name: name.trim(),
          email: email.trim(),
          message: message.replace(/\r\n?/g, "\n"),
        })
        expect(parseSubmission(submission)).toEqual(server)
      }),
      { numRuns: RUNS },
    )
  })
})
