import { screen } from "@testing-library/react"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { ContentProblems } from "../content-problems"

describe("ContentProblems", () => {
  it("lists each problem with its file and field in an alert", () => {
    renderWithTheme(
      <ContentProblems
        problems={[
          {
            file: "content/legal/privacy-policy.md",
            field: "effectiveDate",
            problem: 'its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD',
          },
          { file: "content/legal/terms-and-conditions.md", problem: "it has no `title` in its frontmatter" },
        ]}
      />,
    )
    const alert = screen.getByRole("alert")
    expect(alert).toHaveTextContent("This page's content has 2 problems")
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      'content/legal/privacy-policy.md, effectiveDate: its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD',
      "content/legal/terms-and-conditions.md: it has no `title` in its frontmatter",
    ])
  })

  it("speaks of one problem in the singular", () => {
    renderWithTheme(
      <ContentProblems
        problems={[{ file: "content/legal/privacy-policy.md", problem: "it has no `title` in its frontmatter" }]}
      />,
    )
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("This page's content has a problem")
  })
})
