/**
 * POST /api/waitlist: a Gatsby Function (https://www.gatsbyjs.com/docs/reference/functions/)
 * that stores a contact form entry on the waitlist and queues its mail. The
 * rules live in src/server/waitlist/; this file only hands the request to
 * the route's handler (src/server/http/api-routes.ts).
 */
import type { GatsbyFunctionConfig } from "gatsby"
import { gatsbyFunction } from "../server/http/gatsby-function"
import { MAX_BODY_BYTES } from "../server/waitlist/handle-waitlist-request"

/**
 * The body arrives raw, whatever its type, and no more of it is read than
 * the waitlist takes (our production server reads this limit too), so the
 * handler judges type, size and JSON itself.
 * (Exported through a destructuring on purpose: Gatsby's query extractor
 * takes a plain `export const config` in any file under src/ for a page's
 * rendering config and then builds the DSG/SSR engines, which this static
 * site does not need and which reject sharp's native binary.)
 */
export const { config } = {
  config: { bodyParser: { raw: { type: "*/*", limit: MAX_BODY_BYTES } } } satisfies GatsbyFunctionConfig,
}

export default gatsbyFunction("waitlist")
