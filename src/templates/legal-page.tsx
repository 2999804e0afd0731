import { graphql, type HeadFC, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { ContentProblems, type ContentProblem } from "../components/content-problems"
import { LegalArchivedNotice } from "../components/legal-archived-notice"
import { LegalDocument } from "../components/legal-document"
import { LegalNextVersionNotice } from "../components/legal-next-version-notice"
import { LegalUpcomingNotice } from "../components/legal-upcoming-notice"
import { Seo } from "../components/seo"
import { TranslationNotice } from "../components/translation-notice"
import { useLanguage } from "../i18n/language-context"
import type { LegalPageContext } from "../legal/legal-page-context"

type Problem = { file: string; field?: string | null; problem: string }

/** What gatsby-node gives a legal page: where its version stands (src/legal/legal-pages.ts), its Markdown node, and under develop the legal check's problems. */
type Context = LegalPageContext & { id: string; legalProblems?: Problem[] }

/** The problems of a page once each, as first named: the file's own checks (which name its field) and the legal check may find the same. */
function distinct(problems: Problem[]): ContentProblem[] {
  const seen = new Map<string, ContentProblem>()
  for (const { file, field, problem } of problems)
    if (!seen.has(`${file}\n${problem}`)) seen.set(`${file}\n${problem}`, { file, field: field ?? undefined, problem })
  return [...seen.values()]
}

/**
 * A version of a legal text. The document's own page shows the version in
 * force on the day it is served, and announces the next one when it is
 * published; a version's dated page shows that version, under a banner
 * when it has not taken effect yet or no longer applies. A translation
 * says that English prevails, and louder when it follows an older English
 * version than the one in force.
 */
export default function LegalPage({ data, pageContext }: PageProps<Queries.LegalPageQuery, Context>) {
  const { t } = useLanguage()
  const text = data.markdownRemark
  if (!text) return null
  const problems = distinct([...text.fields.problems, ...(pageContext.legalProblems ?? [])])
  const { status, next, translation, effectiveDateText, currentPath } = pageContext
  return (
    <Layout pathname={pageContext.pagePath}>
      {problems.length > 0 && <ContentProblems problems={problems} />}
      <LegalDocument
        title={text.frontmatter.title}
        effective={t("legal.effective", { date: effectiveDateText })}
        html={text.html ?? ""}
        versionsLink={
          pageContext.hasOtherVersions ? { to: pageContext.versionsPath, label: t("versions.all") } : undefined
        }
        notices={
          <>
            {status === "upcoming" && (
              <LegalUpcomingNotice
                effectiveDateText={effectiveDateText}
                inForceDateText={pageContext.inForceDateText ?? ""}
                currentPath={currentPath}
                changesPath={pageContext.changesPath}
              />
            )}
            {status === "earlier" && (
              <LegalArchivedNotice
                effectiveDateText={effectiveDateText}
                endDateText={pageContext.endDateText ?? ""}
                currentPath={currentPath}
              />
            )}
            {next && <LegalNextVersionNotice next={next} />}
            {translation && <TranslationNotice {...translation} />}
          </>
        }
      />
    </Layout>
  )
}

/** A version's dated page is a record for readers who follow a link, not a page for search results, which should lead to the document's own page. */
export const Head: HeadFC<Queries.LegalPageQuery, Context> = ({ data, pageContext }) => {
  const { title, description } = data.markdownRemark?.frontmatter ?? {}
  if (pageContext.isCurrentPage)
    return <Seo title={title} description={description ?? undefined} pathname={pageContext.pagePath} />
  return (
    <Seo
      title={`${title ?? ""} (${pageContext.effectiveDateText})`}
      description={description ?? undefined}
      pathname={pageContext.pagePath}
      noindex
    />
  )
}

export const query = graphql`
  query LegalPage($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        title
        description
      }
      fields {
        problems {
          file
          field
          problem
        }
      }
    }
  }
`
