import { FIELD_LIMITS, parseSubmission } from "../parse-submission"

const valid = { name: "Ana", email: "ana@example.com", message: "Hola", city: "", metadata: { language: "es" } }

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
      submission: { name: "Ana", email: "ana@example.com", message: "", city: "", metadata: {} },
    })
  })

  it("keeps the honeypot's value for the handler to judge", () => {
    expect(parseSubmission({ ...valid, city: "Paris" })).toMatchObject({ ok: true, submission: { city: "Paris" } })
  })

  it("trims the name and the e-mail it stores, and keeps the message as typed", () => {
    expect(parseSubmission({ ...valid, name: "  Ana ", email: " ana@example.com\n", message: "  hi  " })).toMatchObject({
      ok: true,
      submission: { name: "Ana", email: "ana@example.com", message: "  hi  " },
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
      metadata: {},
    }
    expect(parseSubmission(longest).ok).toBe(true)
    expect(problems({ ...longest, name: `${longest.name}n`, email: `e${longest.email}`, message: `${longest.message}m` }).fields).toEqual({
      name: "Name must be at most 200 characters",
      email: "Email must be at most 254 characters",
      message: "Message must be at most 5000 characters",
    })
    expect(problems({ ...valid, city: "c".repeat(201) }).fields).toEqual({ city: "City must be at most 200 characters" })
  })

  it("refuses metadata over 8 KB once written as JSON", () => {
    const fits = { blob: "x".repeat(8 * 1024 - '{"blob":""}'.length) }
    expect(parseSubmission({ ...valid, metadata: fits }).ok).toBe(true)
    expect(problems({ ...valid, metadata: { blob: `${fits.blob}x` } }).fields).toEqual({ metadata: "Metadata must be at most 8 KB" })
  })

  it("refuses the NUL character and unpaired surrogates, and accepts paired ones", () => {
    expect(problems({ ...valid, name: "A\u0000na" }).fields).toEqual({ name: "Name contains a character that is not allowed" })
    expect(problems({ ...valid, message: "broken \uD83D" }).fields).toEqual({ message: "Message contains a character that is not allowed" })
    expect(problems({ ...valid, message: "\uDE00 broken" }).fields).toEqual({ message: "Message contains a character that is not allowed" })
    expect(parseSubmission({ ...valid, message: "smile \uD83D\uDE00" }).ok).toBe(true)
  })

  it("keeps a type or length message rather than the rule's message", () => {
    expect(problems({ ...valid, email: 5 }).fields).toEqual({ email: "Email must be text" })
  })

  it("ignores fields it does not know", () => {
    expect(parseSubmission({ ...valid, admin: true })).toEqual({ ok: true, submission: valid })
  })
})
