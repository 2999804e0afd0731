import { render, screen } from "@testing-library/react"
import type { HeadProps, PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import type { LegalArchivedContext } from "../../legal/legal-page-context"
import LegalArchivedPage, { Head } from "../legal-archived"

const pageContext: LegalArchivedContext = {
  document: "privacy-policy",
  lang: "en",
  title: "Privacy Policy",
  description: "What we collect.",
  currentPath: "/privacy-policy",
  versionsPath: "/privacy-policy/versions",
  effectiveDate: "2025-05-25",
  effectiveDateText: "May 25, 2025",
  endDate: "2025-09-01",
  endDateText: "September 1, 2025",
  html: "<h2>Third-party access</h2><p>We do not sell your personal information.</p>",
}
const location = { pathname: "/privacy-policy/2025-05-25" }

describe("the archived legal version template", () => {
  it("shows the version in full under a banner saying it is no longer in effect, linking the one in force", () => {
    renderWithTheme(<LegalArchivedPage {...({ pageContext, location } as unknown as PageProps<object, LegalArchivedContext>)} />)
    const banner = screen.getByRole("complementary", { name: "Archived version" })
    expect([...banner.querySelectorAll("p")].map((paragraph) => paragraph.textContent)).toEqual([
      "This version is no longer in effect.",
      "It applied from May 25, 2025 until September 1, 2025. Read the version in force",
    ])
    expect(screen.getByRole("link", { name: "Read the version in force" })).toHaveAttribute("href", "/privacy-policy")
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument()
    expect(screen.getByText("Effective May 25, 2025")).toBeInTheDocument()
    expect(screen.getByText("We do not sell your personal information.")).toBeInTheDocument()
  })

  it("keeps the archived version out of search engines", () => {
    const head = render(<Head {...({ pageContext, location } as unknown as HeadProps<object, LegalArchivedContext>)} />).container
    expect(head.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex")
    expect(head.querySelector("title")?.textContent).toBe("Privacy Policy (May 25, 2025) | Storyling")
  })
})
