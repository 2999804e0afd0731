import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { LegalArchivedNotice } from "../components/legal-archived-notice"
import { LegalDocument } from "../components/legal-document"
import { Seo } from "../components/seo"
import { useLanguage } from "../i18n/language-context"
import type { LegalArchivedContext } from "../legal/legal-page-context"

/** A version of a legal text that is no longer in effect, in full, under a banner that says so. */
export default function LegalArchivedPage({ pageContext, location }: PageProps<object, LegalArchivedContext>) {
  const { t } = useLanguage()
  const { title, effectiveDateText, endDateText, currentPath, html } = pageContext
  return (
    <Layout pathname={location.pathname}>
      <LegalDocument
        title={title}
        effective={t("legal.effective", { date: effectiveDateText })}
        html={html}
        notices={<LegalArchivedNotice effectiveDateText={effectiveDateText} endDateText={endDateText} currentPath={currentPath} />}
      />
    </Layout>
  )
}

/** Archived versions stay out of search results, which should lead to the text in force. */
export const Head: HeadFC<object, LegalArchivedContext> = ({ pageContext, location }) => (
  <Seo title={`${pageContext.title} (${pageContext.effectiveDateText})`} description={pageContext.description} pathname={location.pathname} noindex />
)
