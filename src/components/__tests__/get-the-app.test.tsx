import { screen } from "@testing-library/react"
import jsQR from "jsqr"
import sharp from "sharp"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { siteFacts } from "../../config/site-facts"
import { LanguageProvider } from "../../i18n/language-context"
import { GetTheApp } from "../get-the-app"

const renderIn = (code: "en" | "es", siteUrl = siteFacts.siteUrl) =>
  renderWithTheme(
    <LanguageProvider code={code}>
      <GetTheApp siteUrl={siteUrl} />
    </LanguageProvider>,
  )

/** What a camera reads in the drawn code: its SVG rasterized, dark on white. */
async function decoded(code: Element): Promise<string | undefined> {
  const svg = code.outerHTML.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg" width="370" height="370"')
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data
}

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

  it("holds the /get of the address the site is served at, as a local run's http://localhost:9000/es/get, in the code a camera reads", async () => {
    renderIn("es", "http://localhost:9000")
    const address = "http://localhost:9000/es/get"
    const code = screen.getByRole("img", { name: `Código QR de ${address}` })
    expect(await decoded(code)).toBe(address)
    expect(screen.getByText(address)).toBeInTheDocument()
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
