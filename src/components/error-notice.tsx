import { Link } from "gatsby"
import { Container } from "../elements/container"

type ErrorNoticeProps = { detail: string }

/** What a visitor sees when a route does not exist or a page fails to render. */
export function ErrorNotice({ detail }: ErrorNoticeProps) {
  return (
    <Container sx={{ py: [8, null, 9], textAlign: "center" }}>
      <h1 sx={{ variant: "text.hero", m: 0 }}>Oops!</h1>
      <p sx={{ variant: "text.lead", mt: 4 }}>Sorry, an unexpected error has occurred.</p>
      <p sx={{ fontStyle: "italic", color: "muted", mt: 2 }}>{detail}</p>
      <Link to="/" sx={{ variant: "buttons.primary", mt: 5 }}>
        Back to the home page
      </Link>
    </Container>
  )
}
