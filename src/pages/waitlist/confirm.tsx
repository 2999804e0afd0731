import type { PageProps } from "gatsby"
import { LinkPage, linkPageHead } from "../../components/link-page"

/** Opened by the link of a confirmation mail: its button confirms the address (the GET of the link changed nothing). */
export default function ConfirmPage({ location }: PageProps) {
  return <LinkPage kind="confirm" location={location} />
}

export const Head = linkPageHead("confirm")
