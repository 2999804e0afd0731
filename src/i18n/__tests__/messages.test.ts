import { DICTIONARIES, fillPlaceholders, translate, type MessageKey } from "../messages"
import { LANGUAGES } from "../languages"
import en from "../messages/en.json"

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort()
const keys = Object.keys(en) as MessageKey[]

describe.each(LANGUAGES)("the dictionary of $name", ({ code }) => {
  const dictionary = DICTIONARIES[code] as Record<string, unknown>

  it("has every key of English, and no other", () => {
    expect(Object.keys(dictionary).sort()).toEqual([...keys].sort())
  })

  it("has a text for every key, with the same placeholders as English", () => {
    for (const key of keys) {
      const text = dictionary[key]
      expect({ key, isText: typeof text === "string" && text.trim() !== "" }).toEqual({ key, isText: true })
      expect({ key, placeholders: placeholders(String(text)) }).toEqual({ key, placeholders: placeholders(en[key]) })
    }
  })
})

describe("the English dictionary", () => {
  it("holds the spec's strings word for word", () => {
    expect([
      translate("en", "form.nameRequired"),
      translate("en", "form.emailRequired"),
      translate("en", "form.emailInvalid"),
    ]).toEqual(["Name is required", "Email is required", "Email is invalid"])
    expect([translate("en", "toast.success.title"), translate("en", "toast.success.description")]).toEqual([
      "Message sent!",
      "We'll get back to you as soon as possible.",
    ])
    expect([translate("en", "toast.failure.title"), translate("en", "toast.failure.description")]).toEqual([
      "An error occurred.",
      "Unable to send your message. Please try again later.",
    ])
    expect([translate("en", "error.title"), translate("en", "error.lead"), translate("en", "header.contact")]).toEqual([
      "Oops!",
      "Sorry, an unexpected error has occurred.",
      "Contact us",
    ])
  })
})

describe("fillPlaceholders", () => {
  it("fills each placeholder it has a value for, and leaves the others for a test to catch", () => {
    expect(fillPlaceholders("Hi {name}, write to {supportEmail}", { name: "Ana" })).toBe(
      "Hi Ana, write to {supportEmail}",
    )
  })
})
