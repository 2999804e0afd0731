import { render, screen, within } from "@testing-library/react"
import type { HeadProps, PageProps } from "gatsby"
import { renderWithTheme } from "../../../test/support/render-with-theme"
import { LanguageProvider } from "../../i18n/language-context"
import type { LegalPageContext } from "../../legal/legal-page-context"
import LegalPage, { Head } from "../legal-page"

type Context = LegalPageContext & { id: string; legalProblems?: { file: string; field: null; problem: string }[] }

const data = {
  markdownRemark: {
    html: "<h2>Children</h2><p>Not for anyone under 13.</p>",
    frontmatter: { title: "Privacy Policy", description: "What we collect." },
    fields: { problems: [] as { file: string; field: string | null; problem: string }[] },
  },
}

/** The version of May 25, 2025 in force, with the one of December 1, 2026 published. */
const inForce: Context = {
  id: "md",
  document: "privacy-policy",
  lang: "en",
  title: "Privacy Policy",
  pagePath: "/privacy-policy",
  currentPath: "/privacy-policy",
  versionsPath: "/privacy-policy/versions",
  file: "archive/privacy-policy/2025-05-25.md",
  status: "inForce",
  isCurrentPage: true,
  effectiveDate: "2025-05-25",
  effectiveDateText: "May 25, 2025",
  endDateText: null,
  inForceDateText: null,
  next: {
    effectiveDateText: "December 1, 2026",
    path: "/privacy-policy/2026-12-01",
    changesPath: "/privacy-policy/changes/2026-12-01",
    lang: "en",
  },
  changesPath: null,
  hasOtherVersions: true,
  translation: null,
}

const renderPage = (pageContext: Context, pageData: object = data, lang: "en" | "es" | "de" = "en") =>
  renderWithTheme(
    <LanguageProvider code={lang}>
      <LegalPage
        {...({ data: pageData, location: { pathname: pageContext.pagePath }, pageContext } as unknown as PageProps<
          Queries.LegalPageQuery,
          Context
        >)}
      />
    </LanguageProvider>,
  )
const renderHead = (pageContext: Context) =>
  render(
    <Head
      {...({ data, location: { pathname: pageContext.pagePath }, pageContext } as unknown as HeadProps<
        Queries.LegalPageQuery,
        Context
      >)}
    />,
  ).container

describe("the legal page template", () => {
  it("shows the version in force with its date, its text, the list of versions and the version to come", () => {
    renderPage(inForce)
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument()
    expect(screen.getByText(/^Effective May 25, 2025/)).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 2, name: "Children" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "All versions" })).toHaveAttribute("href", "/privacy-policy/versions")
    const next = screen.getByRole("complementary", { name: "Updated version" })
    expect(
      within(next).getByRole("link", { name: "An updated version takes effect on December 1, 2026." }),
    ).toHaveAttribute("href", "/privacy-policy/2026-12-01")
    expect(within(next).getByRole("link", { name: "See what changes" })).toHaveAttribute(
      "href",
      "/privacy-policy/changes/2026-12-01",
    )
  })

  it("shows a version whose date has not come under a banner saying from when it applies, and which applies today", () => {
    renderPage({
      ...inForce,
      pagePath: "/privacy-policy/2026-12-01",
      isCurrentPage: false,
      status: "upcoming",
      effectiveDate: "2026-12-01",
      effectiveDateText: "December 1, 2026",
      inForceDateText: "May 25, 2025",
      next: null,
      changesPath: "/privacy-policy/changes/2026-12-01",
    })
    const banner = screen.getByRole("complementary", { name: "Upcoming version" })
    expect([...banner.querySelectorAll("p")].map((paragraph) => paragraph.textContent)).toEqual([
      "This version takes effect on December 1, 2026.",
      "Today, the version of May 25, 2025 applies. Read the version in force",
      "See what changes",
    ])
    expect(within(banner).getByRole("link", { name: "Read the version in force" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    )
    expect(within(banner).getByRole("link", { name: "See what changes" })).toHaveAttribute(
      "href",
      "/privacy-policy/changes/2026-12-01",
    )
    expect(screen.queryByRole("complementary", { name: "Updated version" })).not.toBeInTheDocument()
  })

  it("shows an earlier version under a banner saying it is no longer in effect, and when it applied", () => {
    renderPage({
      ...inForce,
      pagePath: "/privacy-policy/2025-05-25",
      isCurrentPage: false,
      status: "earlier",
      endDateText: "December 1, 2026",
      next: null,
    })
    const banner = screen.getByRole("complementary", { name: "Archived version" })
    expect([...banner.querySelectorAll("p")].map((paragraph) => paragraph.textContent)).toEqual([
      "This version is no longer in effect.",
      "It applied from May 25, 2025 until December 1, 2026. Read the version in force",
    ])
    expect(screen.getByText("Not for anyone under 13.")).toBeInTheDocument()
  })

  it("keeps a version's own page out of search engines, and gives the document's page its address", () => {
    const dated = renderHead({
      ...inForce,
      pagePath: "/privacy-policy/2026-12-01",
      isCurrentPage: false,
      status: "upcoming",
      effectiveDateText: "December 1, 2026",
    })
    expect(dated.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex")
    expect(dated.querySelector("title")?.textContent).toBe("Privacy Policy (December 1, 2026) | Storyling")
    const current = renderHead(inForce)
    expect(current.querySelector('meta[name="robots"]')).toBeNull()
    expect(current.querySelector('link[rel="canonical"]')?.getAttribute("href")).toMatch(/\/privacy-policy$/)
  })

  it("shows a translation's English date in its language, that the English version prevails, and the English version to come", () => {
    const spanish: Context = {
      ...inForce,
      lang: "es",
      pagePath: "/es/privacy-policy",
      currentPath: "/es/privacy-policy",
      effectiveDateText: "25 de mayo de 2025",
      next: {
        effectiveDateText: "1 de diciembre de 2026",
        path: "/privacy-policy/2026-12-01",
        changesPath: "/privacy-policy/changes/2026-12-01",
        lang: "en",
      },
      translation: { englishPath: "/privacy-policy", translationOf: "2025-05-25", outdated: false },
    }
    renderPage(spanish, data, "es")
    expect(screen.getByText("25 de mayo de 2025", { exact: false })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Leer la versión en inglés" })).toHaveAttribute("href", "/privacy-policy")
    const next = screen.getByRole("link", {
      name: "Una versión actualizada entrará en vigor el 1 de diciembre de 2026.",
    })
    expect(next).toHaveAttribute("href", "/privacy-policy/2026-12-01")
    expect(next).toHaveAttribute("hreflang", "en")
  })

  it("says a translation follows an older version when the English version in force is newer", () => {
    const german: Context = {
      ...inForce,
      lang: "de",
      pagePath: "/de/privacy-policy",
      next: null,
      effectiveDateText: "25. Mai 2025",
      translation: { englishPath: "/privacy-policy", translationOf: "2025-05-25", outdated: true },
    }
    renderPage(german, data, "de")
    const notice = screen
      .getAllByRole("complementary")
      .find((aside) => aside.textContent?.includes("Der englische Text wurde seitdem geändert"))
    expect(notice).toHaveTextContent("25. Mai 2025")
    expect([...(notice?.querySelectorAll("a") ?? [])].map((link) => link.getAttribute("href"))).toEqual([
      "/privacy-policy",
      "/privacy-policy",
    ])
  })

  it("shows each problem once, whether the file's own check or the legal check found it", () => {
    const problem = {
      file: "content/legal/privacy-policy.md",
      field: "effectiveDate",
      problem: 'its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD',
    }
    const withProblem = { ...data, markdownRemark: { ...data.markdownRemark, fields: { problems: [problem] } } }
    const lock = {
      file: "content/legal/privacy-policy.md",
      field: null,
      problem: "has changed, but its `effectiveDate` is still 2025-05-25",
    }
    renderPage(
      { ...inForce, effectiveDateText: "2025-02-30", legalProblems: [{ ...problem, field: null }, lock] },
      withProblem,
    )
    const alert = screen.getByRole("alert")
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      'content/legal/privacy-policy.md, effectiveDate: its `effectiveDate` "2025-02-30" is not a real date written as YYYY-MM-DD',
      "content/legal/privacy-policy.md: has changed, but its `effectiveDate` is still 2025-05-25",
    ])
    expect(screen.getByText(/^Effective 2025-02-30/)).toBeInTheDocument()
  })
})
