import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { LegalVersionList } from "../components/legal-version-list"
import { Seo } from "../components/seo"
import { Container } from "../elements/container"
import { useLanguage } from "../i18n/language-context"
import { headTexts } from "../i18n/page-context"
import type { LegalVersionsContext } from "../legal/legal-page-context"

/** Every version of a legal text, from the page context gatsby-node gives it (src/legal/legal-pages.ts). */
export default function LegalVersionsPage({ pageContext }: PageProps<object, LegalVersionsContext>) {
  const { t } = useLanguage()
  return (
    <Layout pathname={pageContext.pagePath}>
      <Container as="article" sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>
            {t("versions.title", { title: pageContext.title })}
          </h1>
          <LegalVersionList versions={pageContext.versions} />
        </div>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC<object, LegalVersionsContext> = ({ pageContext }) => {
  const { t } = headTexts(pageContext)
  // A record for readers who follow the legal page's link, not a page for search results, which should lead to the text in force.
  return (
    <Seo
      title={t("versions.title", { title: pageContext.title })}
      description={t("versions.description")}
      pathname={pageContext.pagePath}
      noindex
    />
  )
}
