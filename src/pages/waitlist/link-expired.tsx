import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../../components/layout"
import { LinkNotice } from "../../components/link-notice"
import { Seo } from "../../components/seo"

/** An expired, used-up or unknown link of a mail: a way to sign up again. */
export default function LinkExpiredPage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <LinkNotice
        title="This link has expired"
        body="Links in our mails work for 7 days. Sign up again and we'll send you a new one."
        next={{ to: "/contact", label: "Sign up again" }}
      />
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => <Seo title="This link has expired" description="This link no longer works." pathname={location.pathname} noindex />
