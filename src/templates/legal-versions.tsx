import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { LegalVersionList } from "../components/legal-version-list"
import { Seo } from "../components/seo"
import { Container } from "../elements/container"
import type { LegalVersionsContext } from "../legal/legal-page-context"

/** Every version of a legal text, from the page context gatsby-node gives it (src/legal/legal-pages.ts). */
export default function LegalVersionsPage({ pageContext, location }: PageProps<object, LegalVersionsContext>) {
  return (
    <Layout pathname={location.pathname}>
      <Container as="article" sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>{pageContext.title}: all versions</h1>
          <LegalVersionList versions={pageContext.versions} />
        </div>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC<object, LegalVersionsContext> = ({ pageContext, location }) => (
  <Seo title={`${pageContext.title}: all versions`} description={`Every version of the ${pageContext.title}, by the date it took effect.`} pathname={location.pathname} />
)
