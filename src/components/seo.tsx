import { siteFacts } from "../config/site-facts"

type SeoProps = { title?: string; description?: string }

/** The tags of a page's head, for the Head API: https://www.gatsbyjs.com/docs/reference/built-in-components/gatsby-head/ */
export function Seo({ title, description = siteFacts.description }: SeoProps) {
  return (
    <>
      <title>{title ? `${title} | ${siteFacts.appName}` : siteFacts.appName}</title>
      <meta name="description" content={description} />
    </>
  )
}
