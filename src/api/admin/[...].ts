/**
 * /api/admin/*: a Gatsby Function (a splat route: every path under
 * /api/admin/) for `gatsby develop`, handing each request to the admin's
 * handler, as the production server does (src/server/admin/admin-handler.ts).
 */
import type { GatsbyFunctionConfig } from "gatsby"
import { ADMIN_BODY_BYTES } from "../../server/admin/admin-handler"
import { gatsbyFunction } from "../../server/http/gatsby-function"

/** The body arrives raw and small (exported through a destructuring: see waitlist.ts). */
export const { config } = {
  config: { bodyParser: { raw: { type: "*/*", limit: ADMIN_BODY_BYTES } } } satisfies GatsbyFunctionConfig,
}

export default gatsbyFunction("admin/*")
