import type { ReactNode } from "react"
import { Link } from "gatsby"
import { Container } from "../elements/container"

type LegalDocumentProps = {
  title: string
  /** "Effective May 25, 2025", in the page's language. */
  effective: string
  html: string
  /** What a translation says above its text: that English prevails, or that it follows an older version. */
  notices?: ReactNode
  /** The list of the text's earlier versions, when it has any. */
  versionsLink?: { to: string; label: string }
}

/** A legal text from content/legal, set for reading. */
export function LegalDocument({ title, effective, html, notices, versionsLink }: LegalDocumentProps) {
  return (
    <Container as="article" sx={{ pt: [5, null, 7] }}>
      <div sx={{ maxWidth: "prose" }}>
        <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7, 8], m: 0 }}>{title}</h1>
        <p sx={{ variant: "text.small", mt: 3 }}>
          {effective}
          {versionsLink && (
            <>
              {" · "}
              <Link to={versionsLink.to} sx={{ color: "accent" }}>
                {versionsLink.label}
              </Link>
            </>
          )}
        </p>
        {notices}
        <div
          sx={{
            fontSize: [2, null, 3],
            h2: { variant: "text.heading", fontSize: [4, null, 5], mt: 7, mb: 3 },
            h3: { variant: "text.heading", fontSize: [3, null, 4], mt: 5, mb: 2 },
            p: { my: 3 },
            "ul, ol": { pl: 5, my: 3 },
            li: { my: 2 },
            a: { color: "accent", textUnderlineOffset: "0.15em", wordBreak: "break-word" },
          }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </Container>
  )
}
