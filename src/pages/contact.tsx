import type { HeadFC, PageProps } from "gatsby"
import { ContactFormIsland } from "../components/contact-form-island"
import { Layout } from "../components/layout"
import { Seo } from "../components/seo"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"

export default function ContactPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <Container sx={{ pt: [5, null, 7] }}>
        <div sx={{ maxWidth: "prose" }}>
          <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>Contact us</h1>
          <p sx={{ variant: "text.lead", mt: 3, mb: 6 }}>
            Questions, ideas, or a language you wish we taught? Write to us and we'll add you to the waitlist for
            new stories.
          </p>
          <ContactFormIsland />
          {/* The form sends its entry as JSON from its script; without scripts, the address still reaches us. */}
          <noscript>
            <p>
              Sending this form needs JavaScript, which is turned off in this browser. You can write to us at{" "}
              <a href={`mailto:${siteFacts.supportEmail}`}>{siteFacts.supportEmail}</a> instead.
            </p>
          </noscript>
        </div>
      </Container>
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => (
  <Seo title="Contact us" description="Write to us or join the waitlist for new stories." pathname={location.pathname} />
)
