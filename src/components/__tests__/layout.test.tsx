import { screen, within } from "@testing-library/react"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { siteFacts } from "../../config/site-facts"
import { Layout } from "../layout"

describe("Layout", () => {
  it("shows the logo linking to the landing page and 'Contact us' linking to /contact", () => {
    renderWithTheme(<Layout pathname="/">content</Layout>)
    const header = screen.getByRole("banner")
    expect(within(header).getByRole("link", { name: siteFacts.appName })).toHaveAttribute("href", "/")
    expect(within(header).getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact")
  })

  it.each(["/contact", "/contact/"])("hides 'Contact us' on %s", (pathname) => {
    renderWithTheme(<Layout pathname={pathname}>content</Layout>)
    expect(screen.queryByRole("link", { name: "Contact us" })).not.toBeInTheDocument()
  })

  it("keeps 'Contact us' on the legal pages", () => {
    renderWithTheme(<Layout pathname="/privacy-policy">content</Layout>)
    expect(screen.getByRole("link", { name: "Contact us" })).toBeInTheDocument()
  })

  it("hides the color-mode toggle by default", () => {
    renderWithTheme(<Layout pathname="/">content</Layout>)
    expect(screen.queryByRole("button", { name: /Switch to/ })).not.toBeInTheDocument()
  })

  it("shows the footer's support address, logo mark, copyright and legal links", () => {
    renderWithTheme(<Layout pathname="/">content</Layout>)
    const footer = screen.getByRole("contentinfo")
    expect(within(footer).getByRole("link", { name: siteFacts.supportEmail })).toHaveAttribute(
      "href",
      `mailto:${siteFacts.supportEmail}`,
    )
    expect(within(footer).getByRole("link", { name: `${siteFacts.appName} home` })).toHaveAttribute("href", "/#")
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${siteFacts.companyName}`)
    expect(within(footer).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy")
    expect(within(footer).getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms-and-conditions",
    )
  })

  it("puts the page inside the main landmark", () => {
    renderWithTheme(<Layout pathname="/">the page</Layout>)
    expect(screen.getByRole("main")).toHaveTextContent("the page")
  })

  it("shows the error page with the message when a page fails to render", () => {
    const Broken = () => {
      throw new Error("The story could not be loaded")
    }
    jest.spyOn(console, "error").mockImplementation(() => undefined)
    renderWithTheme(
      <Layout pathname="/">
        <Broken />
      </Layout>,
    )
    expect(screen.getByRole("heading", { level: 1, name: "Oops!" })).toBeInTheDocument()
    expect(screen.getByText("Sorry, an unexpected error has occurred.")).toBeInTheDocument()
    expect(screen.getByText("The story could not be loaded")).toBeInTheDocument()
    expect(screen.getByRole("banner")).toBeInTheDocument()
  })
})
