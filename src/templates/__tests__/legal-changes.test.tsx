import { screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import type { LegalChangesContext } from "../../legal/legal-page-context"
import LegalChangesPage from "../legal-changes"

const pageContext: LegalChangesContext = {
  document: "privacy-policy",
  lang: "en",
  title: "Privacy Policy",
  pagePath: "/privacy-policy/changes/2025-09-01",
  currentPath: "/privacy-policy",
  versionsPath: "/privacy-policy/versions",
  effectiveDate: "2025-09-01",
  effectiveDateText: "September 1, 2025",
  previousDate: "2025-05-25",
  previousDateText: "May 25, 2025",
  versionPath: "/privacy-policy/2025-09-01",
  previousPath: "/privacy-policy/2025-05-25",
  blocks: [
    {
      kind: "heading",
      level: 2,
      parts: [{ text: "Third-party " }, { text: "access", change: "removed" }, { text: "sharing", change: "added" }],
    },
    {
      kind: "paragraph",
      parts: [
        { text: "We " },
        { text: "do not", change: "removed" },
        { text: "never", change: "added" },
        { text: " sell your data." },
      ],
    },
    { kind: "item", level: 1, change: "added", parts: [{ text: "with our bank;", change: "added" }] },
  ],
}
const render = (context: LegalChangesContext) =>
  renderWithTheme(
    <LegalChangesPage
      {...({
        pageContext: context,
        location: { pathname: "/privacy-policy/changes/2025-09-01" },
      } as unknown as PageProps<object, LegalChangesContext>)}
    />,
  )

describe("the legal changes template", () => {
  it("marks insertions with <ins> and deletions with <del>, named for screen readers, under the section headings", () => {
    const { container } = render(pageContext)
    expect(
      screen.getByRole("heading", { level: 1, name: "Changes to the Privacy Policy on September 1, 2025" }),
    ).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(
      "Third-party [deleted: access][inserted: sharing]",
    )
    expect(screen.getByText(/sell your data\./)).toHaveTextContent(
      "We [deleted: do not][inserted: never] sell your data.",
    )
    expect([...container.querySelectorAll("ins")].map((ins) => ins.textContent)).toEqual([
      "[inserted: sharing]",
      "[inserted: never]",
      "[inserted: with our bank;]",
    ])
    expect([...container.querySelectorAll("del")].map((del) => del.textContent)).toEqual([
      "[deleted: access]",
      "[deleted: do not]",
    ])
    expect(screen.getByText(/with our bank/).closest("li")).toHaveTextContent("[inserted: with our bank;]")
  })

  it("does not rely on color: insertions are underlined and deletions struck through", () => {
    const { container } = render(pageContext)
    expect(container.querySelector("ins")).toHaveStyle({ textDecoration: "underline" })
    expect(container.querySelector("del")).toHaveStyle({ textDecoration: "line-through" })
  })

  it("links both versions, and says so when a version changed no wording", () => {
    render({ ...pageContext, blocks: [] })
    expect(screen.getByRole("link", { name: "Previous version (May 25, 2025)" })).toHaveAttribute(
      "href",
      "/privacy-policy/2025-05-25",
    )
    expect(screen.getByRole("link", { name: "This version (September 1, 2025)" })).toHaveAttribute(
      "href",
      "/privacy-policy/2025-09-01",
    )
    expect(screen.getByText("This version changed none of the wording.")).toBeInTheDocument()
  })
})
