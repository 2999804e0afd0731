import type { PageProps } from "gatsby"
import { LinkPage, linkPageHead } from "../../components/link-page"

/** Opened by the visible leave link of a mail: its button removes the entry (the GET of the link changed nothing). */
export default function LeavePage({ location }: PageProps) {
  return <LinkPage kind="leave" location={location} />
}

export const Head = linkPageHead("leave")
