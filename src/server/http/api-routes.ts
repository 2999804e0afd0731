import { isLanguageCode, languagePrefix } from "../../i18n/languages"
import { ADMIN_BODY_BYTES, adminHandler } from "../admin/admin-handler"
import { linkHandler } from "../waitlist/handle-link-request"
import { MAX_BODY_BYTES, waitlistHandler } from "../waitlist/handle-waitlist-request"
import type { WaitlistContext } from "../waitlist/waitlist-context"
import type { ApiRoute } from "./web-handler"

/** The most a link's handler reads of a body: a one-click unsubscribe is 26 bytes. */
export const LINK_BODY_BYTES = 1024

/** The prefix of the site's pages in a language (English, and any code the site does not know, have none). */
const prefixOf = (lang: string | undefined) => (isLanguageCode(lang) ? languagePrefix(lang) : "")

/**
 * The names of the API's routes: each is a file of src/api too. A name
 * ending in `/*` takes every path under it (`admin/*`: /api/admin/session,
 * /api/admin/people/<address>), as src/api/admin/[...].ts does.
 */
export type ApiRouteName = "waitlist" | "waitlist-confirm" | "waitlist-leave" | "admin/*"

/**
 * Every route of /api/, by name: what the production server mounts, and
 * what each Gatsby Function of src/api hands its request to under
 * `gatsby develop`.
 */
export function apiRoutes(context: WaitlistContext): Map<ApiRouteName, ApiRoute> {
  return new Map<ApiRouteName, ApiRoute>([
    ["waitlist", { handle: waitlistHandler(context), bodyLimit: MAX_BODY_BYTES }],
    ["waitlist-confirm", { handle: linkHandler("confirm", context, prefixOf), bodyLimit: LINK_BODY_BYTES }],
    ["waitlist-leave", { handle: linkHandler("leave", context, prefixOf), bodyLimit: LINK_BODY_BYTES }],
    ["admin/*", { handle: adminHandler(context), bodyLimit: ADMIN_BODY_BYTES }],
  ])
}
