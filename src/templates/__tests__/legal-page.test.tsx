import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { LanguageProvider } from "../../i18n/language-context"
import LegalPage from "../legal-page"

const html = "<h2>Children</h2><p>Not for anyone under 13.</p>"
const english = { fields: { slug: "/privacy-policy" }, frontmatter: { effectiveDate: "2025-05-25" } }
const render = (data: object, pathname: string) =>
  renderWithTheme(<LegalPage {...({ data, location: { pathname }, pageContext: {} } as unknown as PageProps<Queries.LegalPageQuery>)} />)

describe("the legal page template", () => {
  it("shows the document's title, its effective date and its text", () => {
    render({ markdownRemark: { html, frontmatter: { title: "Privacy Policy", description: "d", effectiveDate: "2025-05-25" }, fields: { problems: [] } }, english }, "/privacy-policy")
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument()
    expect(screen.getByText("Effective May 25, 2025")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 2, name: "Children" })).toBeInTheDocument()
    expect(screen.queryByRole("complementary")).not.toBeInTheDocument()
  })

  it("shows a translation's English date in its language, and that the English version prevails", () => {
    renderWithTheme(
      <LanguageProvider code="es">
        <LegalPage
          {...({
            data: { markdownRemark: { html, frontmatter: { title: "Política de privacidad", translationOf: "2025-05-25" }, fields: { problems: [] } }, english },
            location: { pathname: "/es/privacy-policy" },
            pageContext: {},
          } as unknown as PageProps<Queries.LegalPageQuery>)}
        />
      </LanguageProvider>,
    )
    expect(screen.getByText("25 de mayo de 2025", { exact: false })).toBeInTheDocument()
    expect(screen.getByRole("complementary")).toHaveTextContent(/versión en inglés/i)
    expect(screen.getByRole("link", { name: /inglés/i })).toHaveAttribute("href", "/privacy-policy")
  })

  it("says a translation follows an older version once the English text has a newer date", () => {
    const newer = { ...english, frontmatter: { effectiveDate: "2026-01-01" } }
    renderWithTheme(
      <LanguageProvider code="de">
        <LegalPage
          {...({
            data: { markdownRemark: { html, frontmatter: { title: "Datenschutzerklärung", translationOf: "2025-05-25" }, fields: { problems: [] } }, english: newer },
            location: { pathname: "/de/privacy-policy" },
            pageContext: {},
          } as unknown as PageProps<Queries.LegalPageQuery>)}
        />
      </LanguageProvider>,
    )
    expect(screen.getByRole("complementary")).toHaveTextContent("25. Mai 2025")
    const notice = screen.getByRole("complementary")
    expect(notice).toHaveTextContent("Der englische Text wurde seitdem geändert")
    expect([...notice.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual(["/privacy-policy", "/privacy-policy"])
  })

  it("shows an impossible date as written, never as the day it would roll over to", () => {
    render({ markdownRemark: { html, frontmatter: { title: "Privacy Policy", effectiveDate: "2025-02-30" }, fields: { problems: [] } }, english }, "/privacy-policy")
    expect(screen.getByText("Effective 2025-02-30")).toBeInTheDocument()
  })
})
