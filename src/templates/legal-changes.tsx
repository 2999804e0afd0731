import { Link, type HeadFC, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { LegalChanges } from "../components/legal-changes"
import { Seo } from "../components/seo"
import { Container } from "../elements/container"
import { useLanguage } from "../i18n/language-context"
import { headTexts } from "../i18n/page-context"
import type { LegalChangesContext } from "../legal/legal-page-context"

/** What a version of a legal text changed in the one before it: insertions underlined, deletions struck through. */
export default function LegalChangesPage({ pageContext }: PageProps<object, LegalChangesContext>) {
  const { t } = useLanguage()
  const { title, previousPath, previousDateText, versionPath, effectiveDateText, versionsPath, blocks } = pageContext
  return (
    <Layout pathname={pageContext.pagePath}>
      <Container as="article" sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>
            {t("changes.title", { title, date: effectiveDateText })}
          </h1>
          <p sx={{ fontSize: [2, null, 3], mt: 4 }}>{t("changes.intro")}</p>
          <ul sx={{ display: "flex", flexWrap: "wrap", gap: 4, listStyle: "none", p: 0, a: { color: "accent" } }}>
            <li>
              <Link to={previousPath}>{t("changes.previousVersion", { date: previousDateText })}</Link>
            </li>
            <li>
              <Link to={versionPath}>{t("changes.thisVersion", { date: effectiveDateText })}</Link>
            </li>
            <li>
              <Link to={versionsPath}>{t("changes.allVersions")}</Link>
            </li>
          </ul>
          {blocks.length > 0 ? (
            <LegalChanges blocks={blocks} />
          ) : (
            <p sx={{ fontSize: [2, null, 3] }}>{t("changes.none")}</p>
          )}
        </div>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC<object, LegalChangesContext> = ({ pageContext }) => {
  const { t } = headTexts(pageContext)
  const date = pageContext.effectiveDateText
  return (
    <Seo
      title={t("changes.title", { title: pageContext.title, date })}
      description={t("changes.description", { date })}
      pathname={pageContext.pagePath}
      noindex
    />
  )
}
