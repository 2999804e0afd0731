/**
 * /api/waitlist-leave: a Gatsby Function, the link of the mails that
 * opens the page that takes an address off the waitlist, takes its button's POST, and is the one-click List-Unsubscribe target of every mail to a visitor (RFC 8058).
 * See src/server/waitlist/handle-link-request.ts.
 */
import type { GatsbyFunctionConfig } from "gatsby"
import { LINK_BODY_BYTES } from "../server/http/api-routes"
import { gatsbyFunction } from "../server/http/gatsby-function"

/** The body arrives raw and small (exported through a destructuring: see waitlist.ts). */
export const { config } = {
  config: { bodyParser: { raw: { type: "*/*", limit: LINK_BODY_BYTES } } } satisfies GatsbyFunctionConfig,
}

export default gatsbyFunction("waitlist-leave")
