import { screen } from "@testing-library/react"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { siteFacts } from "../../config/site-facts"
import { LanguageProvider } from "../../i18n/language-context"
import { GetTheApp } from "../get-the-app"

const renderIn = (code: "en" | "es") =>
  renderWithTheme(
    <LanguageProvider code={code}>
      <GetTheApp />
    </LanguageProvider>,
  )

describe("the page /get shows a desktop", () => {
  afterEach(() => jest.restoreAllMocks())

  it("offers both stores through /get, each in a new tab", () => {
    renderIn("en")
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(`Get ${siteFacts.appName}`)
    expect(screen.getByRole("link", { name: "Download for iPhone" })).toHaveAttribute("href", "/get?store=apple")
    expect(screen.getByRole("link", { name: "Download for Android" })).toHaveAttribute("href", "/get?store=google")
    expect(screen.getByRole("link", { name: "Download for Android" })).toHaveAttribute("target", "_blank")
  })

  it("shows a QR code of this language's /get address, and the address itself", () => {
    renderIn("es")
    const address = `${siteFacts.siteUrl}/es/get`
    const code = screen.getByRole("img", { name: `Código QR de ${address}` })
    expect(code.tagName).toBe("svg")
    // Dark modules drawn as rectangles: a code of a 40-character address has version 3, 29 modules a side, and 4 of quiet zone around.
    expect(code.getAttribute("viewBox")).toBe("0 0 37 37")
    expect(code.querySelector("path")?.getAttribute("d")).toMatch(/^(M\d+ \d+h\d+v1H\d+z)+$/)
    expect(screen.getByText(address)).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Descargar para iPhone" })).toHaveAttribute("href", "/es/get?store=apple")
  })

  it("offers the waitlist instead of the stores while the app is not live", () => {
    jest.replaceProperty(siteFacts, "appLive", false)
    renderIn("en")
    expect(
      screen.getByText(
        `${siteFacts.appName} is not in the stores yet. Join the waitlist and we'll write to you the day it is.`,
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Join the waitlist" })).toHaveAttribute("href", "/contact")
    expect(screen.queryByRole("link", { name: "Download for iPhone" })).not.toBeInTheDocument()
  })
})
