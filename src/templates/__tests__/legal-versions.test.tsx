import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import type { LegalVersionsContext } from "../../legal/legal-page-context"
import LegalVersionsPage from "../legal-versions"

const pageContext: LegalVersionsContext = {
  document: "privacy-policy",
  lang: "en",
  title: "Privacy Policy",
  currentPath: "/privacy-policy",
  versionsPath: "/privacy-policy/versions",
  versions: [
    { effectiveDate: "2025-09-01", effectiveDateText: "September 1, 2025", path: "/privacy-policy", current: true, changesPath: "/privacy-policy/changes/2025-09-01" },
    { effectiveDate: "2025-05-25", effectiveDateText: "May 25, 2025", path: "/privacy-policy/2025-05-25", current: false, changesPath: null },
  ],
}

describe("the legal versions template", () => {
  it("lists every version by date, marks the one in force and links what each changed", () => {
    renderWithTheme(<LegalVersionsPage {...({ pageContext, location: { pathname: "/privacy-policy/versions" } } as unknown as PageProps<object, LegalVersionsContext>)} />)
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy: all versions" })).toBeInTheDocument()
    const items = screen.getAllByRole("listitem").filter((item) => item.closest("ol"))
    expect(items.map((item) => item.textContent)).toEqual(["September 1, 2025in forceWhat changed on September 1, 2025", "May 25, 2025"])
    expect(screen.getByRole("link", { name: "September 1, 2025" })).toHaveAttribute("href", "/privacy-policy")
    expect(screen.getByRole("link", { name: "May 25, 2025" })).toHaveAttribute("href", "/privacy-policy/2025-05-25")
    expect(screen.getByRole("link", { name: "What changed on September 1, 2025" })).toHaveAttribute("href", "/privacy-policy/changes/2025-09-01")
  })
})
