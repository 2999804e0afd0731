import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ThemeUIProvider } from "theme-ui"
import theme from "../../gatsby-plugin-theme-ui"

jest.mock("../../config/site-facts", () => {
  const actual = jest.requireActual("../../config/site-facts")
  return { siteFacts: { ...actual.siteFacts, showColorModeToggle: true } }
})

// Imported after the mock so the header reads the switched-on toggle.
import { Header } from "../header"

describe("the color-mode toggle, when the site facts switch it on", () => {
  beforeEach(() => window.localStorage.clear())

  it("starts in dark mode and switches between dark and light", async () => {
    render(
      <ThemeUIProvider theme={theme}>
        <Header pathname="/" />
      </ThemeUIProvider>,
    )
    await userEvent.click(screen.getByRole("button", { name: "Switch to light mode" }))
    expect(window.localStorage.getItem("theme-ui-color-mode")).toBe("light")
    await userEvent.click(screen.getByRole("button", { name: "Switch to dark mode" }))
    expect(window.localStorage.getItem("theme-ui-color-mode")).toBe("dark")
  })
})
