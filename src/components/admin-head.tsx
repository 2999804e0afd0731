import type { HeadFC } from "gatsby"
import { brandFiles } from "../brand/brand-files"
import { siteFacts } from "../config/site-facts"

/** The Head of an admin page: English, its title, and kept out of search engines (it is out of the sitemap too). */
export const adminHead =
  (title: string): HeadFC =>
  () => (
    <>
      <html lang="en" />
      <title>{`${title} | ${siteFacts.appName} admin`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="same-origin" />
      <link rel="icon" href={brandFiles.faviconSvg} type="image/svg+xml" />
    </>
  )
