/**
 * The content problems gatsby-node reports, as Gatsby's structured errors
 * (https://www.gatsbyjs.com/docs/reference/config-files/node-api-helpers/#reporter):
 * each has an id of its own (gatsby-node's onPluginInit gives Gatsby their
 * map), the category USER, and the file and line it is on, so
 * `gatsby develop` and the build name a legal text's problem as one
 * instead of an `UNKNOWN` error.
 *
 * Gatsby files a site's error map under its plugin name,
 * `default-site-plugin`, but adds that name to a reported id only outside
 * an activity (createPages runs inside one), so an id is reported with the
 * name already on it, as Gatsby's own plugins do (gatsby#27547); a plugin
 * name of its own for the site would make this go.
 */
import path from "path"
import type { Reporter } from "gatsby"

/** What is wrong, where: the file relative to the project root, and its line when one is known. */
export type ContentProblemAt = { file: string; line?: number; message: string }

/** The kinds of content problem, by the id Gatsby shows (after the site's plugin name). */
export type ContentErrorId = "legal-check" | "content-file"

const where = ({ file, line }: ContentProblemAt) => (line === undefined ? file : `${file}:${line}`)

/** The site's error map, for reporter.setErrorMap. */
export const CONTENT_ERROR_MAP: Parameters<Reporter["setErrorMap"]>[0] = {
  "legal-check": {
    text: (context: ContentProblemAt) => `Legal check: ${where(context)}: ${context.message}`,
    level: "ERROR",
    category: "USER",
  },
  "content-file": {
    text: (context: ContentProblemAt) => `Content problem: ${where(context)}: ${context.message}`,
    level: "ERROR",
    category: "USER",
  },
}

/** The name Gatsby gives the site's own gatsby-node, which prefixes the ids of its error map. */
const SITE_PLUGIN = "default-site-plugin"

/** A content problem as a structured error: its id, its context, and the file and line Gatsby points at. */
export function contentError(id: ContentErrorId, root: string, problem: ContentProblemAt) {
  return {
    id: `${SITE_PLUGIN}_${id}`,
    context: problem,
    filePath: path.join(root, problem.file),
    ...(problem.line === undefined ? {} : { location: { start: { line: problem.line } } }),
  }
}
