import { graphql, type HeadFC, type PageProps } from "gatsby"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"

export default function IndexPage({ data, location }: PageProps<Queries.LandingPageQuery>) {
  const copy = data.markdownRemark?.frontmatter
  return (
    <Layout pathname={location.pathname}>
      <Hero
        headline={copy?.headline ?? ""}
        highlight={copy?.highlight ?? ""}
        subtext={copy?.subtext ?? ""}
        mockupAlt={copy?.mockupAlt ?? ""}
      />
    </Layout>
  )
}

export const Head: HeadFC<Queries.LandingPageQuery> = ({ data }) => (
  <Seo description={data.markdownRemark?.frontmatter.description ?? undefined} />
)

export const query = graphql`
  query LandingPage {
    markdownRemark(fields: { kind: { eq: "landing" } }) {
      frontmatter {
        headline
        highlight
        subtext
        mockupAlt
        description
      }
    }
  }
`
