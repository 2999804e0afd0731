import { CONTACT_MESSAGES, EMAIL_PATTERN, hasNoErrors, validateContact } from "../contact-rules"

describe("the contact rules of spec §5", () => {
  it("words the messages exactly as the spec does", () => {
    expect(CONTACT_MESSAGES).toEqual({
      nameRequired: "Name is required",
      emailRequired: "Email is required",
      emailInvalid: "Email is invalid",
    })
  })

  it("accepts a name and a valid e-mail with no error", () => {
    const errors = validateContact({ name: "Ana", email: "ana@example.com" })
    expect(errors).toEqual({})
    expect(hasNoErrors(errors)).toBe(true)
  })

  it("shows 'Name is required' for an empty name and for one made only of spaces", () => {
    expect(validateContact({ name: "", email: "ana@example.com" })).toEqual({ name: "Name is required" })
    expect(validateContact({ name: " \t\n ", email: "ana@example.com" })).toEqual({ name: "Name is required" })
  })

  it("shows 'Email is required' for an empty e-mail and for one made only of spaces", () => {
    expect(validateContact({ name: "Ana", email: "" })).toEqual({ email: "Email is required" })
    expect(validateContact({ name: "Ana", email: "   " })).toEqual({ email: "Email is required" })
  })

  it.each([
    ["without an at sign", "ana.example.com"],
    ["without a dot after the at sign", "ana@example"],
    ["with nothing before the at sign", "@example.com"],
    ["with nothing between the at sign and the dot", "ana@.com"],
    ["with nothing after the dot", "ana@example."],
    ["with a space inside", "ana maria@example.com"],
  ])("shows 'Email is invalid' for an address %s", (_, email) => {
    expect(validateContact({ name: "Ana", email })).toEqual({ email: "Email is invalid" })
    expect(hasNoErrors(validateContact({ name: "Ana", email }))).toBe(false)
  })

  it("accepts an e-mail with spaces around it, since it is trimmed first", () => {
    expect(validateContact({ name: " Ana ", email: "  ana@example.com \n" })).toEqual({})
  })

  it("reports the name and the e-mail together when both are wrong", () => {
    expect(validateContact({ name: "", email: "nope" })).toEqual({ name: "Name is required", email: "Email is invalid" })
  })

  it("matches the simple pattern: non-space text, an at sign, non-space text, a dot, non-space text", () => {
    expect(EMAIL_PATTERN.test("a@b.c")).toBe(true)
    expect(EMAIL_PATTERN.test("first.last+tag@mail.example.co.uk")).toBe(true)
    expect(EMAIL_PATTERN.test("a@b")).toBe(false)
    expect(EMAIL_PATTERN.test(" a@b.c")).toBe(false)
    expect(EMAIL_PATTERN.test("a@b.c ")).toBe(false)
  })
})
