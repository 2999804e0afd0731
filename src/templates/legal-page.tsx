import { graphql, type HeadFC, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { ContentProblems, type ContentProblem } from "../components/content-problems"
import { LegalDocument } from "../components/legal-document"
import { Seo } from "../components/seo"
import { TranslationNotice } from "../components/translation-notice"
import { isOutdated } from "../content/outdated-translations"
import { formatDate } from "../i18n/format-date"
import { useLanguage } from "../i18n/language-context"

/** What gatsby-node gives a legal page besides its node: its versions' list when it has earlier versions, and the legal check's problems under develop. */
type LegalPageContext = {
  versionsPath?: string | null
  legalProblems?: { file: string; field: string | null; problem: string }[]
}

/**
 * A legal text in one language. A translation shows the date of the English
 * version it follows, says that English prevails, and says so louder when
 * the English text has changed since.
 */
export default function LegalPage({ data, location, pageContext }: PageProps<Queries.LegalPageQuery, LegalPageContext>) {
  const { lang, t } = useLanguage()
  const document = data.markdownRemark
  const english = data.english
  if (!document) return null
  const problems: ContentProblem[] = [...document.fields.problems, ...(pageContext.legalProblems ?? [])].map(({ file, field, problem }) => ({
    file,
    field: field ?? undefined,
    problem,
  }))
  const translationOf = document.frontmatter.translationOf
  const shownDate = translationOf ?? document.frontmatter.effectiveDate ?? ""
  return (
    <Layout pathname={location.pathname}>
      {problems.length > 0 && <ContentProblems problems={problems} />}
      <LegalDocument
        title={document.frontmatter.title}
        effective={t("legal.effective", { date: formatDate(lang, shownDate) })}
        html={document.html ?? ""}
        versionsLink={pageContext.versionsPath ? { to: pageContext.versionsPath, label: t("versions.previous") } : undefined}
        notices={
          translationOf &&
          english && (
            <TranslationNotice
              englishPath={english.fields.slug}
              translationOf={translationOf}
              outdated={isOutdated(translationOf, english.frontmatter.effectiveDate)}
            />
          )
        }
      />
    </Layout>
  )
}

export const Head: HeadFC<Queries.LegalPageQuery> = ({ data, location }) => (
  <Seo
    title={data.markdownRemark?.frontmatter.title}
    description={data.markdownRemark?.frontmatter.description ?? undefined}
    pathname={location.pathname}
  />
)

export const query = graphql`
  query LegalPage($id: String!, $document: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        title
        description
        effectiveDate
        translationOf
      }
      fields {
        problems {
          file
          field
          problem
        }
      }
    }
    english: markdownRemark(fields: { kind: { eq: "legal" }, document: { eq: $document }, lang: { eq: "en" } }) {
      fields {
        slug
      }
      frontmatter {
        effectiveDate
      }
    }
  }
`
