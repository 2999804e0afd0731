import { screen } from "@testing-library/react"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { LANGUAGES, type LanguageCode } from "../../i18n/languages"
import { LanguageProvider } from "../../i18n/language-context"
import { translate } from "../../i18n/messages"
import { WhatComesNext } from "../what-comes-next"

const MARCH_1 = new Date("2027-03-01T12:00:00Z")

const renderIn = (code: LanguageCode, launchDates: { appStore: string | null; googlePlay: string | null }) =>
  renderWithTheme(
    <LanguageProvider code={code}>
      <WhatComesNext facts={{ launchDates }} now={MARCH_1} />
    </LanguageProvider>,
  )

describe("what comes next, under the confirmation", () => {
  it.each(LANGUAGES.map(({ code }) => code))(
    "says which mails to expect, and names no day when none is planned (%s)",
    (code) => {
      renderIn(code, { appStore: null, googlePlay: null })
      expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(translate(code, "next.title"))
      const section = screen.getByRole("region", { name: translate(code, "next.title") })
      expect(section.querySelectorAll("p")).toHaveLength(1)
      expect(section).toHaveTextContent(translate(code, "next.mails"))
    },
  )

  it("names each store's planned day, soonest first, in the page's language", () => {
    renderIn("en", { appStore: "2027-04-20", googlePlay: "2027-03-15" })
    const lines = Array.from(screen.getByRole("region").querySelectorAll("p"), (p) => p.textContent)
    expect(lines.slice(1)).toEqual([
      "Storyling is planned to arrive on Google Play on March 15, 2027.",
      "Storyling is planned to arrive on App Store on April 20, 2027.",
    ])
  })

  it("writes the day as German and Japanese readers write it", () => {
    renderIn("de", { appStore: "2027-04-20", googlePlay: null })
    expect(screen.getByText("Storyling soll am 20. April 2027 bei App Store erscheinen.")).toBeInTheDocument()
  })

  it("says nothing of a day that has passed, nor of one that is no real day", () => {
    renderIn("ja", { appStore: "2027-02-28", googlePlay: "2027-02-30" })
    expect(screen.getByRole("region").querySelectorAll("p")).toHaveLength(1)
  })

  it("still names the day itself, on the day", () => {
    renderIn("ja", { appStore: "2027-03-01", googlePlay: null })
    expect(screen.getByText("Storylingは2027年3月1日にApp Storeで公開予定です。")).toBeInTheDocument()
  })
})
