import { Link, type HeadFC, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { LegalChanges } from "../components/legal-changes"
import { Seo } from "../components/seo"
import { Container } from "../elements/container"
import type { LegalChangesContext } from "../legal/legal-page-context"

const heading = (context: LegalChangesContext) => `Changes to the ${context.title} on ${context.effectiveDateText}`

/** What a version of a legal text changed in the one before it: insertions underlined, deletions struck through. */
export default function LegalChangesPage({ pageContext, location }: PageProps<object, LegalChangesContext>) {
  const { previousPath, previousDateText, versionPath, effectiveDateText, versionsPath, blocks } = pageContext
  return (
    <Layout pathname={location.pathname}>
      <Container as="article" sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>{heading(pageContext)}</h1>
          <p sx={{ fontSize: [2, null, 3], mt: 4, a: { color: "accent" } }}>
            From <Link to={previousPath}>the version of {previousDateText}</Link> to <Link to={versionPath}>the version of {effectiveDateText}</Link>. Inserted
            text is underlined, deleted text is struck through; the headings show where each change is. <Link to={versionsPath}>All versions</Link>.
          </p>
          {blocks.length > 0 ? <LegalChanges blocks={blocks} /> : <p sx={{ fontSize: [2, null, 3] }}>This version changed none of the wording.</p>}
        </div>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC<object, LegalChangesContext> = ({ pageContext, location }) => (
  <Seo title={heading(pageContext)} description={`What changed in the ${pageContext.title} on ${pageContext.effectiveDateText}.`} pathname={location.pathname} noindex />
)
