import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { isLanguageCode, languagePrefix } from "../../i18n/languages"
import { handleLinkRequest, type LinkAction } from "./handle-link-request"
import { waitlistRuntime } from "./waitlist-context"

/** The most a link's Function reads of a body: a one-click unsubscribe is 26 bytes. */
export const LINK_BODY_BYTES = 1024

/** The prefix of the site's pages in a language (English, and any code the site does not know, have none). */
const prefixOf = (lang: string | undefined) => (isLanguageCode(lang) ? languagePrefix(lang) : "")

/** The handler of the Function behind one kind of link in the mails. */
export function linkFunction(action: LinkAction) {
  return async (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => {
    const query = Object.fromEntries(Object.entries(req.query ?? {}).filter((pair): pair is [string, string] => typeof pair[1] === "string"))
    const answer = await handleLinkRequest(
      action,
      { method: req.method ?? "GET", query, cookies: req.cookies ?? {}, body: Buffer.isBuffer(req.body) ? req.body : undefined },
      waitlistRuntime().context,
      prefixOf,
    )
    res.writeHead(answer.status, answer.headers).end(answer.body)
  }
}
