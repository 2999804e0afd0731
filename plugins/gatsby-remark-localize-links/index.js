// @ts-check
/**
 * A gatsby-transformer-remark plugin that points the links of a translated
 * text to the site's own pages in the text's language: in the Spanish
 * privacy policy, `[Términos](/terms-and-conditions)` leads to
 * /es/terms-and-conditions. The text's language is its node's `lang` field
 * (gatsby-node reads it from the file name); the prefix of each language is
 * this plugin's `prefixes` option, so the translators write the same paths
 * as the English text, and a test can check that they do.
 */

/** @typedef {{ type: string, url?: string, children?: MdastNode[] }} MdastNode */

/**
 * A path of the site in a language, or the address unchanged when it is not
 * a path of the site (an absolute URL, a mailto link, an anchor).
 * @param {string} url @param {string} prefix @returns {string}
 */
function localize(url, prefix) {
  if (!prefix || !url.startsWith("/") || url.startsWith("//")) return url
  return url === "/" ? prefix : `${prefix}${url}`
}

/**
 * Rewrites every link of a tree in place.
 * @param {MdastNode} node @param {string} prefix
 */
function localizeLinks(node, prefix) {
  if ((node.type === "link" || node.type === "definition") && typeof node.url === "string")
    node.url = localize(node.url, prefix)
  for (const child of node.children ?? []) localizeLinks(child, prefix)
}

/**
 * @param {{ markdownAST: MdastNode, markdownNode: { fields?: { lang?: string } } }} api
 * @param {{ prefixes: Record<string, string> }} options
 */
module.exports = ({ markdownAST, markdownNode }, { prefixes }) => {
  const prefix = prefixes[markdownNode.fields?.lang ?? ""] ?? ""
  localizeLinks(markdownAST, prefix)
  return markdownAST
}

module.exports.localize = localize
