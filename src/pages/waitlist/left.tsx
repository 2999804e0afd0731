import type { PageProps } from "gatsby"
import { LinkPage, linkPageHead } from "../../components/link-page"

/** Where leaving the waitlist leads. */
export default function LeftPage({ location }: PageProps) {
  return <LinkPage kind="left" location={location} />
}

export const Head = linkPageHead("left")
