import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../../components/layout"
import { LinkNotice } from "../../components/link-notice"
import { Seo } from "../../components/seo"

/** Where the leave button leads: the entry is gone. */
export default function LeftPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <LinkNotice
        title="You've left the waitlist"
        body="Your address and your message have been deleted. Changed your mind? You can sign up again at any time."
        next={{ to: "/contact", label: "Sign up again" }}
      />
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => <Seo title="You've left the waitlist" description="Your address has been removed from the waitlist." pathname={location.pathname} noindex />
