import type { ProviderRole, SiteFacts } from "../config/site-facts"

/**
 * Legal texts name the company, the app, the support address and the
 * providers through tokens, so that the facts live in one place:
 *
 * - `{{appName}}`, `{{companyName}}`: plain text
 * - `{{supportEmail}}`: a mailto link to the support address
 * - `{{provider:store}}` (or analytics, errors, billing): a link to that
 *   provider's privacy policy, `{{terms:store}}`: to its terms
 */
const TOKEN = /\{\{\s*([a-zA-Z]+)(?::([a-zA-Z]+))?\s*\}\}/g

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const link = (href: string, text: string): string =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`

const isProviderRole = (role: string | undefined, facts: SiteFacts): role is ProviderRole =>
  role !== undefined && Object.prototype.hasOwnProperty.call(facts.providers, role)

/** Thrown for a token the facts cannot fill, so the build names it. */
export class UnknownTokenError extends Error {}

/**
 * Replaces every token in rendered legal HTML with the site's facts.
 * @throws UnknownTokenError for a token it does not know.
 */
export function fillSiteFacts(html: string, facts: SiteFacts): string {
  return html.replace(TOKEN, (token: string, name: string, role?: string) => {
    if (name === "appName" && !role) return escapeHtml(facts.appName)
    if (name === "companyName" && !role) return escapeHtml(facts.companyName)
    if (name === "supportEmail" && !role) return link(`mailto:${facts.supportEmail}`, facts.supportEmail)
    if (name === "provider" && isProviderRole(role, facts)) {
      const provider = facts.providers[role]
      return link(provider.privacyUrl, provider.name)
    }
    if (name === "terms" && isProviderRole(role, facts)) {
      const provider = facts.providers[role]
      return link(provider.termsUrl, provider.name)
    }
    throw new UnknownTokenError(`unknown token ${token}`)
  })
}
