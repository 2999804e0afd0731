import addressparser from "nodemailer/lib/addressparser"
import {
  CONTACT_MESSAGES,
  hasEmailShape,
  hasNoErrors,
  isLongerThan,
  isSingleAddress,
  validateContact,
  type ContactFields,
} from "../contact-rules"

/** The words the form shows for each failing field. */
const messages = (fields: ContactFields) =>
  Object.fromEntries(
    Object.entries(validateContact(fields)).map(([field, problem]) => [field, CONTACT_MESSAGES[problem]]),
  )

describe("the contact rules of spec §5", () => {
  it("words the spec's three messages exactly as the spec does", () => {
    expect(CONTACT_MESSAGES).toMatchObject({
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
    expect(messages({ name: "", email: "ana@example.com" })).toEqual({ name: "Name is required" })
    expect(messages({ name: " \t\n ", email: "ana@example.com" })).toEqual({ name: "Name is required" })
  })

  it("shows 'Email is required' for an empty e-mail and for one made only of spaces", () => {
    expect(messages({ name: "Ana", email: "" })).toEqual({ email: "Email is required" })
    expect(messages({ name: "Ana", email: "   " })).toEqual({ email: "Email is required" })
  })

  it.each([
    ["without an at sign", "ana.example.com"],
    ["without a dot after the at sign", "ana@example"],
    ["with nothing before the at sign", "@example.com"],
    ["with nothing between the at sign and the dot", "ana@.com"],
    ["with nothing after the dot", "ana@example."],
    ["with a space inside", "ana maria@example.com"],
    ["with a zero-width space inside", "ana\u200B@example.com"],
    ["with a right-to-left override inside", "ana\u202E@example.com"],
    ["with the Hangul filler, which shows as nothing", "ana\u3164@example.com"],
    ["with a variation selector", "ana\uFE0F@example.com"],
    ["with a control character", "ana\u0007@example.com"],
  ])("shows 'Email is invalid' for an address %s", (_, email) => {
    expect(messages({ name: "Ana", email })).toEqual({ email: "Email is invalid" })
    expect(hasNoErrors(validateContact({ name: "Ana", email }))).toBe(false)
  })

  it("accepts an e-mail with spaces around it, since it is trimmed first", () => {
    expect(validateContact({ name: " Ana ", email: "  ana@example.com \n" })).toEqual({})
  })

  it("accepts addresses in other scripts and internationalized domains", () => {
    expect(validateContact({ name: "李", email: "用户@例子.中国" })).toEqual({})
    expect(validateContact({ name: "Jürgen", email: "jürgen@bücher.de" })).toEqual({})
  })

  it("reports the name and the e-mail together when both are wrong", () => {
    expect(messages({ name: "", email: "nope" })).toEqual({ name: "Name is required", email: "Email is invalid" })
  })

  it("refuses a name with a control character, and a message with one other than a line break or a tab", () => {
    expect(messages({ name: "Ana\u001b[2J", email: "ana@example.com" })).toEqual({
      name: "Name contains a character that is not allowed",
    })
    expect(messages({ name: "Ana", email: "ana@example.com", message: "hi\u001b[31m" })).toEqual({
      message: "Message contains a character that is not allowed",
    })
    expect(messages({ name: "Ana", email: "ana@example.com", message: "broken \uD83D" })).toEqual({
      message: "Message contains a character that is not allowed",
    })
    expect(validateContact({ name: "Ana", email: "ana@example.com", message: "line 1\n\tline 2 😀" })).toEqual({})
  })

  it("counts characters, not UTF-16 units: 5,000 emoji are a message at its limit, one more is too long", () => {
    const emoji = "😀".repeat(5000)
    expect(validateContact({ name: "😀".repeat(200), email: "ana@example.com", message: emoji })).toEqual({})
    expect(
      messages({ name: "😀".repeat(201), email: `${"é".repeat(243)}@example.com`, message: `${emoji}😀` }),
    ).toEqual({
      name: "Name must be at most 200 characters",
      email: "Email must be at most 254 characters",
      message: "Message must be at most 5000 characters",
    })
  })

  it("judges a long address by its length before its pattern", () => {
    expect(messages({ name: "Ana", email: "@.".repeat(8000) })).toEqual({
      email: "Email must be at most 254 characters",
    })
  })
})

describe("hasEmailShape", () => {
  it("matches the simple pattern: non-space text, an at sign, non-space text, a dot, non-space text", () => {
    const pattern = /^\S+@\S+\.\S+$/ // eslint-disable-line regexp/no-super-linear-backtracking -- the reference, run on short texts only
    const samples = [
      "a@b.c",
      "first.last+tag@mail.example.co.uk",
      "a@b",
      " a@b.c",
      "a@b.c ",
      "@a.b",
      "a@.b",
      "a@b.",
      "a@@b.c",
      "a@b..c",
      "a.b@c",
      "@@..",
    ]
    for (const sample of samples) expect([sample, hasEmailShape(sample)]).toEqual([sample, pattern.test(sample)])
  })

  it("agrees with the pattern on every short text of its characters", () => {
    const pattern = /^\S+@\S+\.\S+$/ // eslint-disable-line regexp/no-super-linear-backtracking -- the reference, run on short texts only
    const alphabet = ["a", "@", ".", " "]
    const texts = (length: number): string[] =>
      length === 0 ? [""] : texts(length - 1).flatMap((text) => alphabet.map((char) => text + char))
    for (let length = 0; length <= 7; length += 1) {
      for (const text of texts(length)) expect([text, hasEmailShape(text)]).toEqual([text, pattern.test(text)])
    }
  })
})

/** 28 addresses in one text of 254 characters: what once became one confirmation mail to 28 strangers. */
const LIST_OF_28 = Array.from({ length: 28 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${i}@x.tt`)
  .join(",")
  .padEnd(254, "t")

describe("an address is exactly one address", () => {
  it.each([
    ["a list of 28 addresses", LIST_OF_28],
    ["a list with a space", "ana@example.com, ben@example.com"],
    ["a list joined by a semicolon", "ana@example.com;ben@example.com"],
    ["a name before the address in angle brackets", "a<victim@x.test>"],
    ["a display name", "Ana <ana@example.com>"],
    ["a group", "friends:ana@example.com,ben@example.com;"],
    ["an empty group", "undisclosed-recipients:;@x.tt"],
    ["a comment", "ana(the boss)@example.com"],
    ["a comment after the domain", "ana@example.com(x)"],
    ["a source route", "@relay.example:ana@example.com"],
    ["a quoted mailbox", '"ana maria"@example.com'],
    ["a quoted mailbox holding an at sign", '"victim@x.test"@example.com'],
    ["a domain literal", "ana@[127.0.0.1]"],
    ["two at signs", "ana@victim.test@example.com"],
    ["a mailbox starting with a dot", ".ana@example.com"],
    ["a mailbox ending with a dot", "ana.@example.com"],
    ["two dots in a row in the mailbox", "ana..maria@example.com"],
    ["two dots in a row in the domain", "ana@example..com"],
    ["a label starting with a hyphen", "ana@-example.com"],
    ["a label ending with a hyphen", "ana@example-.com"],
    ["an underscore in the domain", "ana@exa_mple.com"],
    ["a backslash", "ana\\b@example.com"],
    ["a full-width comma", "ana，ben@example.com"],
    ["a small commercial at", "ana﹫ben@example.com"],
    ["an ideographic full stop in the domain", "ana@mail.example。com"],
  ])("shows 'Email is invalid' for %s", (_, email) => {
    expect(isSingleAddress(email)).toBe(false)
    expect(messages({ name: "Ana", email })).toEqual({ email: "Email is invalid" })
  })

  it.each([
    "ana@example.com",
    "first.last+tag@mail.example.co.uk",
    "o'brien@example.ie",
    "x!#$%&*/=?^_`{|}~-y@example.com",
    "ana@xn--bcher-kva.de",
    "jürgen@bücher.de",
    "用户@例子.中国",
    "ｋａｔｅ@example.com",
    "\u212Aate@example.com",
    "a@b.c",
  ])("accepts %s, which mail software reads as that one address", (email) => {
    expect(isSingleAddress(email)).toBe(true)
    expect(validateContact({ name: "Ana", email })).toEqual({})
    expect(addressparser(email)).toEqual([{ name: "", address: email }])
  })
})

describe("isLongerThan", () => {
  it("counts a pair of surrogates as one character and a lone one as one", () => {
    expect(isLongerThan("😀😀", 2)).toBe(false)
    expect(isLongerThan("😀😀😀", 2)).toBe(true)
    expect(isLongerThan("\uD83D\uD83D", 2)).toBe(false)
    expect(isLongerThan("abc", 2)).toBe(true)
  })
})
