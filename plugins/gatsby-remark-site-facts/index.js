// @ts-check
/**
 * A gatsby-transformer-remark plugin (https://www.gatsbyjs.com/docs/how-to/plugins-and-themes/creating-a-remark-plugin/)
 * that fills the tokens of the legal texts with the site's facts, so that a
 * name, address or provider is written in one place (src/config/site-facts.ts,
 * handed over as this plugin's `facts` option):
 *
 * - `{{appName}}`, `{{companyName}}`: the name, as text
 * - `{{supportEmail}}`: a mailto link to the support address
 * - `{{postalAddress}}`: the provider's postal address, as text
 * - `{{provider:store}}` (or analytics, errors, billing): a link to that
 *   provider's privacy policy; `{{terms:store}}`: to its terms
 *
 * It works on the Markdown tree, so the text stays text until remark writes
 * the HTML (and escapes it). A token it does not know stops the build with
 * the file's name and the token.
 */

/** A token; its parts: the name and, after a colon, the provider's role. */
const TOKEN = /\{\{\s*([a-zA-Z]+)(?::([a-zA-Z]+))?\s*\}\}/g

/** @typedef {{ name: string, privacyUrl: string, termsUrl: string }} Provider */
/** @typedef {{ appName: string, companyName: string, supportEmail: string, postalAddress: string, providers: Record<string, Provider> }} Facts */
/** @typedef {{ type: string, value?: string, url?: string, title?: null, children?: MdastNode[] }} MdastNode */

/** A token the facts cannot fill. */
class UnknownTokenError extends Error {}

/** @param {string} value @returns {MdastNode} */
const text = (value) => ({ type: "text", value })
/** @param {string} url @param {string} value @returns {MdastNode} */
const link = (url, value) => ({ type: "link", url, title: null, children: [text(value)] })

/**
 * The nodes a token stands for.
 * @param {Facts} facts @param {string} token @param {string} name @param {string | undefined} role
 * @returns {MdastNode}
 */
function fill(facts, token, name, role) {
  const provider =
    role !== undefined && Object.prototype.hasOwnProperty.call(facts.providers, role)
      ? facts.providers[role]
      : undefined
  if (name === "appName" && role === undefined) return text(facts.appName)
  if (name === "companyName" && role === undefined) return text(facts.companyName)
  if (name === "supportEmail" && role === undefined) return link(`mailto:${facts.supportEmail}`, facts.supportEmail)
  if (name === "postalAddress" && role === undefined) return text(facts.postalAddress)
  if (name === "provider" && provider) return link(provider.privacyUrl, provider.name)
  if (name === "terms" && provider) return link(provider.termsUrl, provider.name)
  throw new UnknownTokenError(`unknown token ${token}`)
}

/**
 * A text node's value as the nodes it becomes: the text between tokens,
 * and each token filled.
 * @param {Facts} facts @param {string} value @returns {MdastNode[]}
 */
function splitText(facts, value) {
  /** @type {MdastNode[]} */
  const nodes = []
  let last = 0
  for (const match of value.matchAll(TOKEN)) {
    const at = match.index ?? 0
    if (at > last) nodes.push(text(value.slice(last, at)))
    nodes.push(fill(facts, match[0], match[1] ?? "", match[2]))
    last = at + match[0].length
  }
  if (last < value.length) nodes.push(text(value.slice(last)))
  return nodes
}

/**
 * Replaces the tokens in every text node below `node`, in place.
 * @param {Facts} facts @param {MdastNode} node
 */
function fillTree(facts, node) {
  if (!node.children) return
  node.children = node.children.flatMap((child) => {
    if (child.type === "text" && child.value?.includes("{{")) return splitText(facts, child.value)
    fillTree(facts, child)
    return [child]
  })
}

/**
 * @param {{ markdownAST: MdastNode, markdownNode: { fileAbsolutePath?: string } }} api
 * @param {{ facts: Facts, root?: string }} options
 */
module.exports = ({ markdownAST, markdownNode }, { facts, root = "" }) => {
  try {
    fillTree(facts, markdownAST)
  } catch (error) {
    const path = markdownNode.fileAbsolutePath ?? "a Markdown file"
    const file = root && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path
    throw new Error(`${file}: ${/** @type {Error} */ (error).message}`)
  }
  return markdownAST
}
module.exports.UnknownTokenError = UnknownTokenError
