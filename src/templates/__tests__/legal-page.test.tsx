import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import LegalPage from "../legal-page"

describe("the legal page template", () => {
  it("shows the document's title, its effective date and its text", () => {
    const data = {
      markdownRemark: {
        html: "<h2>Children</h2><p>Not for anyone under 13.</p>",
        frontmatter: { title: "Privacy Policy", description: "d", effectiveDate: "May 25, 2025" },
      },
    }
    renderWithTheme(
      <LegalPage {...({ data, location: { pathname: "/privacy-policy" } } as unknown as PageProps<Queries.LegalPageQuery>)} />,
    )
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument()
    expect(screen.getByText("Effective May 25, 2025")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 2, name: "Children" })).toBeInTheDocument()
  })
})
