import type { ReactNode } from "react"
import { AdminNotice } from "./admin-notice"

/**
 * The card of one mail written as files (an announcement, a step of the
 * sequences): its name as heading, then, while its files have problems,
 * what they hold back and the list of them; else the card's own content.
 */
export function MailFileCard(props: {
  /** The heading's id, which names the card for assistive technology. */
  headingId: string
  name: string
  /** The problems of its files; the card shows `held` and them while there is any. */
  problems: readonly string[] | null
  held: string
  children: ReactNode
}) {
  const { headingId, name, problems, held, children } = props
  return (
    <section
      aria-labelledby={headingId}
      sx={{ border: "1px solid", borderColor: "border", borderRadius: "medium", p: [4, null, 5], my: 6 }}
    >
      <h2 id={headingId} sx={{ variant: "text.heading", fontSize: 5, mt: 0 }}>
        {name}
      </h2>
      {problems ? (
        <AdminNotice tone="error">
          <p sx={{ mt: 0 }}>{held}</p>
          <ul sx={{ mb: 0 }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </AdminNotice>
      ) : (
        children
      )}
    </section>
  )
}
