import { Link } from "gatsby"
import type { ReactNode } from "react"
import { Container } from "../elements/container"

type LinkNoticeProps = {
  title: string
  body: string
  /** The button that acts, as a plain HTML form posting to a link's Function: it works without script. */
  action?: { to: string; label: string }
  /** Where to go next. */
  next: { to: string; label: string }
  /** More the page says, under its body (see WhatComesNext). */
  children?: ReactNode
}

/** A page opened by a link of our mails: what the link does, its button, and where to go next. */
export function LinkNotice({ title, body, action, next, children }: LinkNoticeProps) {
  return (
    <Container sx={{ py: [7, null, 9] }}>
      <div sx={{ maxWidth: "prose", mx: "auto", textAlign: "center" }}>
        <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7], m: 0 }}>{title}</h1>
        <p sx={{ variant: "text.lead", mt: 4 }}>{body}</p>
        {children}
        {action && (
          <form method="post" action={action.to} sx={{ mt: 5 }}>
            <button type="submit" sx={{ variant: "buttons.primary" }}>
              {action.label}
            </button>
          </form>
        )}
        <Link to={next.to} sx={{ display: "inline-block", mt: 5, color: "text" }}>
          {next.label}
        </Link>
      </div>
    </Container>
  )
}
