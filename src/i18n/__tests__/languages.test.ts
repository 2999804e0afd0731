import { LANGUAGES, localizedPath, splitLanguage } from "../languages"

describe("the paths of the site's languages", () => {
  it("keeps English at the spec's paths and puts the others under their prefix", () => {
    expect(["/", "/contact"].map((path) => localizedPath("en", path))).toEqual(["/", "/contact"])
    expect(["/", "/contact"].map((path) => localizedPath("pt-br", path))).toEqual(["/pt-br", "/pt-br/contact"])
  })

  it("reads a path's language back, and the same page in English", () => {
    for (const { code } of LANGUAGES) {
      for (const path of ["/", "/contact", "/privacy-policy"])
        expect(splitLanguage(localizedPath(code, path))).toEqual({ code, path })
    }
    expect(splitLanguage("/es/")).toEqual({ code: "es", path: "/" })
    expect(splitLanguage("/en/contact")).toEqual({ code: "en", path: "/en/contact" })
    expect(splitLanguage("/esperanto")).toEqual({ code: "en", path: "/esperanto" })
  })

  it("names each language in itself, with a valid html lang and Open Graph locale", () => {
    expect(LANGUAGES.map(({ name, htmlLang }) => [htmlLang, name])).toEqual([
      ["en", "English"],
      ["es", "Español"],
      ["fr", "Français"],
      ["de", "Deutsch"],
      ["pt-BR", "Português (Brasil)"],
      ["ja", "日本語"],
    ])
    for (const { ogLocale } of LANGUAGES) expect(ogLocale).toMatch(/^[a-z]{2}_[A-Z]{2}$/)
  })
})
