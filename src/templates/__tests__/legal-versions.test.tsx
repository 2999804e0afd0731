import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import type { LegalVersionsContext } from "../../legal/legal-page-context"
import LegalVersionsPage from "../legal-versions"

const pageContext: LegalVersionsContext = {
  document: "privacy-policy",
  lang: "en",
  title: "Privacy Policy",
  pagePath: "/privacy-policy/versions",
  currentPath: "/privacy-policy",
  versionsPath: "/privacy-policy/versions",
  versions: [
    {
      effectiveDate: "2026-03-01",
      effectiveDateText: "March 1, 2026",
      path: "/privacy-policy/2026-03-01",
      status: "upcoming",
      changesPath: "/privacy-policy/changes/2026-03-01",
    },
    {
      effectiveDate: "2025-09-01",
      effectiveDateText: "September 1, 2025",
      path: "/privacy-policy",
      status: "inForce",
      changesPath: "/privacy-policy/changes/2025-09-01",
    },
    {
      effectiveDate: "2025-05-25",
      effectiveDateText: "May 25, 2025",
      path: "/privacy-policy/2025-05-25",
      status: "earlier",
      changesPath: null,
    },
  ],
}

describe("the legal versions template", () => {
  it("lists every version by date, marks the upcoming one, the one in force and the earlier ones, and links what each changes", () => {
    renderWithTheme(
      <LegalVersionsPage
        {...({ pageContext, location: { pathname: "/privacy-policy/versions" } } as unknown as PageProps<
          object,
          LegalVersionsContext
        >)}
      />,
    )
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy: all versions" })).toBeInTheDocument()
    const items = screen.getAllByRole("listitem").filter((item) => item.closest("ol"))
    expect(items.map((item) => item.textContent)).toEqual([
      "March 1, 2026upcomingWhat changes on March 1, 2026",
      "September 1, 2025in forceWhat changed on September 1, 2025",
      "May 25, 2025no longer in force",
    ])
    expect(screen.getByRole("link", { name: "March 1, 2026" })).toHaveAttribute("href", "/privacy-policy/2026-03-01")
    expect(screen.getByRole("link", { name: "September 1, 2025" })).toHaveAttribute("href", "/privacy-policy")
    expect(screen.getByRole("link", { name: "May 25, 2025" })).toHaveAttribute("href", "/privacy-policy/2025-05-25")
    expect(screen.getByRole("link", { name: "What changes on March 1, 2026" })).toHaveAttribute(
      "href",
      "/privacy-policy/changes/2026-03-01",
    )
    expect(screen.getByRole("link", { name: "What changed on September 1, 2025" })).toHaveAttribute(
      "href",
      "/privacy-policy/changes/2025-09-01",
    )
  })
})
