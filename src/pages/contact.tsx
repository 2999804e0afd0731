import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { Container } from "../elements/container"

export default function ContactPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <Container sx={{ pt: [5, null, 7] }}>
        <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>Contact us</h1>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC = () => <Seo title="Contact us" description="Write to us or join the waitlist." />
