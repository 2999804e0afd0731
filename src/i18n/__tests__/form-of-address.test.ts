import fs from "fs"
import path from "path"
import { DICTIONARIES } from "../messages"

const CONTENT = path.resolve(__dirname, "..", "..", "..", "content")

/** The words of the form of address a language does not use with visitors: German says "du", French "vous", Spanish "tú", Brazilian Portuguese "você". */
const OTHER_FORM: Record<string, RegExp> = {
  de: /\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/u,
  fr: /(?<![\p{L}])(tu|te|toi|ton|ta|tes|t’|t')(?![\p{L}])/iu,
  es: /\b(usted|ustedes)\b/iu,
  "pt-br": /(?<![\p{L}])(tu|teu|tua|teus|tuas|contigo)(?![\p{L}])/iu,
}

/** Texts a visitor writes to a friend, who is addressed as a friend is. */
const TO_A_FRIEND = new Set(["place.shareText", "place.mailSubject"])

/** Every visitor-facing text of a language but the legal texts (which change only as a new version: see docs/editing.md): its dictionary, landing copy and announcements. */
function textsOf(lang: string): [where: string, text: string][] {
  const dictionary = Object.entries(DICTIONARIES[lang as keyof typeof DICTIONARIES])
    .filter(([key]) => !TO_A_FRIEND.has(key))
    .map(([key, text]): [string, string] => [`messages/${lang}.json ${key}`, text])
  const files = [
    path.join(CONTENT, "landing", `index.${lang}.md`),
    ...fs
      .readdirSync(path.join(CONTENT, "announcements"))
      .filter((file) => file.endsWith(`.${lang}.md`))
      .map((file) => path.join(CONTENT, "announcements", file)),
  ]
  return [
    ...dictionary,
    ...files.map((file): [string, string] => [path.relative(CONTENT, file), fs.readFileSync(file, "utf8")]),
  ]
}

describe("one form of address per language, in the mails and the pages", () => {
  it.each(Object.keys(OTHER_FORM))("%s uses it throughout", (lang) => {
    const pattern = OTHER_FORM[lang] as RegExp
    const found = textsOf(lang).flatMap(([where, text]) => {
      const match = pattern.exec(text)
      return match
        ? [`${where}: “${match[0]}” in “${text.slice(Math.max(0, match.index - 30), match.index + 30)}”`]
        : []
    })
    expect(found).toEqual([])
  })
})
