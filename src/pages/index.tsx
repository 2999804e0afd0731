import { graphql, type HeadFC, type PageProps } from "gatsby"
import { Hero } from "../components/hero"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { StructuredData } from "../components/structured-data"
import { siteFacts } from "../config/site-facts"
import { landingStructuredData } from "../seo/structured-data"
import { languageOf } from "../i18n/languages"
import type { PageContext } from "../i18n/page-context"

export default function IndexPage({ data, location }: PageProps<Queries.LandingPageQuery>) {
  const copy = data.markdownRemark?.frontmatter
  return (
    <Layout pathname={location.pathname}>
      <Hero
        headline={copy?.headline ?? ""}
        highlight={copy?.highlight ?? ""}
        subtext={copy?.subtext ?? ""}
        mockupAlt={copy?.mockupAlt ?? ""}
        mockup={data.mockup?.childImageSharp?.gatsbyImageData ?? null}
      />
    </Layout>
  )
}

export const Head: HeadFC<Queries.LandingPageQuery, PageContext> = ({ data, location, pageContext }) => (
  <Seo
    title={data.markdownRemark?.frontmatter.title}
    description={data.markdownRemark?.frontmatter.description ?? undefined}
    pathname={location.pathname}
  >
    <StructuredData data={landingStructuredData(siteFacts, languageOf(pageContext.lang))} />
  </Seo>
)

export const query = graphql`
  query LandingPage($lang: String!) {
    markdownRemark(fields: { kind: { eq: "landing" }, lang: { eq: $lang } }) {
      frontmatter {
        title
        headline
        highlight
        subtext
        mockupAlt
        description
      }
    }
    mockup: file(sourceInstanceName: { eq: "images" }, name: { eq: "phone-mockup" }, extension: { eq: "png" }) {
      childImageSharp {
        gatsbyImageData(width: 340, placeholder: NONE, formats: [AUTO, AVIF, WEBP], breakpoints: [280, 340, 680])
      }
    }
  }
`
