import { formMetadata } from "../../../../test/support/waitlist-api-client"
import { FIELD_LIMITS, parseSubmission } from "../submission-schema"
import type { StoredMetadata } from "../../../waitlist/submission"

/** Metadata as stored: every field of spec §3, null unless given. */
const stored = (given: Partial<StoredMetadata> = {}): StoredMetadata => ({
  ...(Object.fromEntries(Object.keys(formMetadata).map((field) => [field, null])) as StoredMetadata),
  ...given,
})

const valid = { name: "Ana", email: "ana@example.com", message: "Hola", city: "", metadata: formMetadata }

/** The field messages of a body the parser refuses. */
function problems(body: unknown) {
  const parsed = parseSubmission(body)
  if (parsed.ok) throw new Error(`expected a refusal, got ${JSON.stringify(parsed.submission)}`)
  return parsed
}

describe("parseSubmission", () => {
  it("accepts the form's body as it is", () => {
    expect(parseSubmission(valid)).toEqual({ ok: true, submission: valid })
  })

  it("takes a missing message, city or metadata as empty", () => {
    expect(parseSubmission({ name: "Ana", email: "ana@example.com" })).toEqual({
      ok: true,
      submission: { name: "Ana", email: "ana@example.com", message: "", city: "", metadata: stored() },
    })
  })

  it("keeps the honeypot's value for the handler to judge", () => {
    expect(parseSubmission({ ...valid, city: "Paris" })).toMatchObject({ ok: true, submission: { city: "Paris" } })
  })

  it("trims the name and the e-mail it stores, and keeps the message as typed, its line breaks as line feeds", () => {
    expect(parseSubmission({ ...valid, name: "  Ana ", email: " ana@example.com\n", message: "  hi  " })).toMatchObject(
      {
        ok: true,
        submission: { name: "Ana", email: "ana@example.com", message: "  hi  " },
      },
    )
    expect(parseSubmission({ ...valid, message: "a\r\nb\rc\nd" })).toMatchObject({
      ok: true,
      submission: { message: "a\nb\nc\nd" },
    })
  })

  it.each([null, [], "text", 42, true])("refuses a body that is not a JSON object: %j", (body) => {
    expect(problems(body)).toEqual({ ok: false, error: "The body must be a JSON object.", fields: {} })
  })

  it("gives the spec's messages for an empty name and an empty or invalid e-mail", () => {
    expect(problems({ ...valid, name: " " }).fields).toEqual({ name: "Name is required" })
    expect(problems({ ...valid, email: "" }).fields).toEqual({ email: "Email is required" })
    expect(problems({ ...valid, email: "ana@example" }).fields).toEqual({ email: "Email is invalid" })
    expect(problems({}).fields).toEqual({ name: "Name is required", email: "Email is required" })
    expect(problems({}).error).toBe("Some fields are missing or invalid.")
  })

  it("says which fields are not text", () => {
    expect(problems({ name: 1, email: ["a@b.co"], message: null, city: {}, metadata: {} }).fields).toEqual({
      name: "Name must be text",
      email: "Email must be text",
      message: "Message must be text",
      city: "City must be text",
    })
  })

  it.each([[[]], ["text"], [null], [3]])("says metadata must be an object when it is %j", (metadata) => {
    expect(problems({ ...valid, metadata }).fields).toEqual({ metadata: "Metadata must be an object" })
  })

  it("accepts each field at its longest and refuses one character more", () => {
    const longest = {
      name: "n".repeat(FIELD_LIMITS.name),
      email: `${"e".repeat(FIELD_LIMITS.email - "@example.com".length)}@example.com`,
      message: "m".repeat(FIELD_LIMITS.message),
      city: "",
      metadata: formMetadata,
    }
    expect(parseSubmission(longest).ok).toBe(true)
    expect(
      problems({ ...longest, name: `${longest.name}n`, email: `e${longest.email}`, message: `${longest.message}m` })
        .fields,
    ).toEqual({
      name: "Name must be at most 200 characters",
      email: "Email must be at most 254 characters",
      message: "Message must be at most 5000 characters",
    })
    expect(problems({ ...valid, city: "c".repeat(201) }).fields).toEqual({
      city: "City must be at most 200 characters",
    })
  })

  it("refuses metadata over 8 KB once written as JSON", () => {
    const rest = JSON.stringify(stored({ userAgent: "" })).length
    const fits = { userAgent: "x".repeat(8 * 1024 - rest) }
    expect(parseSubmission({ ...valid, metadata: fits }).ok).toBe(true)
    expect(problems({ ...valid, metadata: { userAgent: `${fits.userAgent}x` } }).fields).toEqual({
      metadata: "Metadata must be at most 8 KB",
    })
  })

  it("keeps every metadata field of spec §3, stores a missing or null one as null, and drops any other key unread", () => {
    const parsed = parseSubmission({
      ...valid,
      metadata: { language: "es", referrer: null, admin: { deep: [[[]]] }, __proto__: { x: 1 } },
    })
    expect(parsed).toEqual({ ok: true, submission: { ...valid, metadata: stored({ language: "es" }) } })
    expect(parseSubmission(valid)).toEqual({ ok: true, submission: valid })
  })

  it.each([
    ["userAgent", 7, "text"],
    ["pixelRatio", "2", "a number"],
    ["timezoneOffset", Infinity, "a number"],
    ["languages", "en", "a list of at most 32 texts"],
    ["languages", ["en", 1], "a list of at most 32 texts"],
    ["languages", Array.from({ length: 33 }, () => "en"), "a list of at most 32 texts"],
    ["utm", ["a"], "at most 32 pairs of short texts"],
    ["utm", { source: { nested: "x" } }, "at most 32 pairs of short texts"],
    ["utm", { source: "x".repeat(513) }, "at most 32 pairs of short texts"],
    [
      "utm",
      Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, "v"])),
      "at most 32 pairs of short texts",
    ],
    ["referrer", ["https://example.com"], "text"],
  ])("refuses metadata whose %s is %j, saying what it must be", (field, value, must) => {
    expect(problems({ ...valid, metadata: { ...formMetadata, [field]: value } }).fields).toEqual({
      metadata: `Metadata field ${field} must be ${must}`,
    })
  })

  it("refuses the NUL character and unpaired surrogates, and accepts paired ones", () => {
    expect(problems({ ...valid, name: "A\u0000na" }).fields).toEqual({
      name: "Name contains a character that is not allowed",
    })
    expect(problems({ ...valid, message: "broken \uD83D" }).fields).toEqual({
      message: "Message contains a character that is not allowed",
    })
    expect(problems({ ...valid, message: "\uDE00 broken" }).fields).toEqual({
      message: "Message contains a character that is not allowed",
    })
    expect(parseSubmission({ ...valid, message: "smile \uD83D\uDE00" }).ok).toBe(true)
  })

  it("keeps a type or length message rather than the rule's message", () => {
    expect(problems({ ...valid, email: 5 }).fields).toEqual({ email: "Email must be text" })
  })

  it("ignores fields it does not know", () => {
    expect(parseSubmission({ ...valid, admin: true })).toEqual({ ok: true, submission: valid })
  })

  it("looks at no value that is not of its field's type: a deeply nested value in any field is only a wrong type", () => {
    let deep: unknown = []
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(problems({ name: deep, email: deep, message: deep, city: deep, metadata: deep }).fields).toEqual({
      name: "Name must be text",
      email: "Email must be text",
      message: "Message must be text",
      city: "City must be text",
      metadata: "Metadata must be an object",
    })
    expect(problems({ ...valid, metadata: { ...formMetadata, utm: { a: deep }, languages: [deep] } }).fields).toEqual({
      metadata: "Metadata field languages must be a list of at most 32 texts",
    })
  })
})
