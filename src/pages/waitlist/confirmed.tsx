import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../../components/layout"
import { LinkNotice } from "../../components/link-notice"
import { Seo } from "../../components/seo"

/** Where the confirmation's button leads: the address is confirmed. */
export default function ConfirmedPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <LinkNotice
        title="You're on the list"
        body="Thanks for confirming your address. We'll write to you when Storyling is ready for you."
        next={{ to: "/", label: "Back to the home page" }}
      />
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => <Seo title="You're on the list" description="Your address is confirmed." pathname={location.pathname} noindex />
