import type { PageProps } from "gatsby"
import { LinkPage, linkPageHead } from "../../components/link-page"

/** An expired, used-up or unknown link of a mail: a way to sign up again. */
export default function LinkExpiredPage({ location }: PageProps) {
  return <LinkPage kind="expired" location={location} />
}

export const Head = linkPageHead("expired")
