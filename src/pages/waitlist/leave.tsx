import type { HeadFC, PageProps } from "gatsby"
import { Layout } from "../../components/layout"
import { LinkNotice } from "../../components/link-notice"
import { Seo } from "../../components/seo"

/** Opened by the leave link of our mails: its button removes the entry, its messages and its pending mail. */
export default function LeavePage({ location }: PageProps) {
  return (
    <Layout pathname={location.pathname}>
      <LinkNotice
        title="Leave the waitlist"
        body="Press the button to remove your address and your message from the Storyling waitlist. We won't write to you again."
        action={{ to: "/api/waitlist-leave", label: "Remove me from the waitlist" }}
        next={{ to: "/", label: "Back to the home page" }}
      />
    </Layout>
  )
}

export const Head: HeadFC = ({ location }) => <Seo title="Leave the waitlist" description="Remove your address from the waitlist." pathname={location.pathname} noindex />
