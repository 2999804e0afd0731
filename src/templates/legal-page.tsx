import { graphql, type HeadFC, type PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { LegalDocument } from "../components/legal-document"
import { Seo } from "../components/seo"

export default function LegalPage({ data, location }: PageProps<Queries.LegalPageQuery>) {
  const document = data.markdownRemark
  return (
    <Layout pathname={location.pathname}>
      {document && (
        <LegalDocument
          title={document.frontmatter.title}
          effectiveDate={document.frontmatter.effectiveDate ?? ""}
          html={document.html ?? ""}
        />
      )}
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
  query LegalPage($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        title
        description
        effectiveDate(formatString: "MMMM D, YYYY")
      }
    }
  }
`
