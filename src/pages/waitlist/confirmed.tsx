import type { PageProps } from "gatsby"
import { LinkPage, linkPageHead } from "../../components/link-page"

/** Where confirming an address leads. */
export default function ConfirmedPage({ location }: PageProps) {
  return <LinkPage kind="confirmed" location={location} />
}

export const Head = linkPageHead("confirmed")
