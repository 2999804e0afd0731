import { jsonLdText } from "../seo/structured-data"

type StructuredDataProps = { data: unknown }

/** JSON-LD for the page's head: data for search engines, never run as a script, so the CSP needs no hash for it. */
export function StructuredData({ data }: StructuredDataProps) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
}
