import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../../components/layout"
import { LinkNotice } from "../../components/link-notice"
import { Seo } from "../../components/seo"

/** Opened by the link of a confirmation mail: its button confirms the address (the GET of the link changed nothing). */
export default function ConfirmPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <LinkNotice
        title="Confirm your address"
        body="One last step: press the button to confirm your place on the Storyling waitlist."
        action={{ to: "/api/waitlist-confirm", label: "Confirm my address" }}
        next={{ to: "/", label: "Back to the home page" }}
      />
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => <Seo title="Confirm your address" description="Confirm your place on the waitlist." pathname={location.pathname} noindex />
