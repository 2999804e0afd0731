import { brandFiles, manifestIcons } from "../brand/brand-files"
import type { SiteFacts } from "../config/site-facts"
import type { Language } from "../i18n/languages"
import { localizedPath } from "../i18n/languages"
import { translate } from "../i18n/messages"
import { pageUrl } from "./page-url"

type StructuredDataFacts = Pick<
  SiteFacts,
  | "appName"
  | "companyName"
  | "description"
  | "supportEmail"
  | "siteUrl"
  | "appStoreUrl"
  | "playStoreUrl"
  | "priceCurrency"
  | "rating"
>

/**
 * The landing page's JSON-LD (https://schema.org): the app as a
 * `MobileApplication`, free to install on iOS and Android from its two store
 * listings, and the `Organization` that publishes it with its support
 * address, described in the page's language (`inLanguage`). It states
 * nothing we do not have: no reviews, and a rating only once the site's
 * facts hold the stores' real one.
 */
export function landingStructuredData(
  facts: StructuredDataFacts,
  language: Pick<Language, "code" | "htmlLang" | "name">,
) {
  const home = pageUrl(facts.siteUrl, localizedPath(language.code, "/"))
  const organizationId = `${pageUrl(facts.siteUrl, "/")}#organization`
  const [largestIcon] = manifestIcons.filter(({ purpose }) => purpose === "any").sort((a, b) => b.size - a.size)
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": organizationId,
        name: facts.companyName,
        url: pageUrl(facts.siteUrl, "/"),
        logo: pageUrl(facts.siteUrl, largestIcon?.src ?? brandFiles.appleTouchIcon),
        email: facts.supportEmail,
        contactPoint: {
          "@type": "ContactPoint",
          contactType: "customer support",
          email: facts.supportEmail,
          url: pageUrl(facts.siteUrl, localizedPath(language.code, "/contact")),
          availableLanguage: "English",
        },
      },
      {
        "@type": "MobileApplication",
        name: facts.appName,
        description: translate(language.code, "site.description"),
        inLanguage: language.htmlLang,
        url: home,
        image: pageUrl(facts.siteUrl, brandFiles.shareImage),
        applicationCategory: "EducationalApplication",
        operatingSystem: "iOS, Android",
        installUrl: [facts.appStoreUrl, facts.playStoreUrl],
        sameAs: [facts.appStoreUrl, facts.playStoreUrl],
        offers: {
          "@type": "Offer",
          price: "0",
          priceCurrency: facts.priceCurrency,
          category: "free",
        },
        ...(facts.rating && {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: facts.rating.value,
            ratingCount: facts.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }),
        publisher: { "@id": organizationId },
      },
    ],
  }
}

/**
 * Structured data as the text of a `<script type="application/ld+json">`:
 * JSON in which `<` is escaped, so no value can close the script element.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c")
}
