/**
 * @jest-environment node
 */
import { siteFacts } from "../../config/site-facts"
import { BUILT_PAGES, readBuiltPage } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"

type Item = Record<string, unknown> & { "@type"?: string }

/**
 * The schema.org properties (https://schema.org) of each type the landing
 * page names, with those it inherits (Thing → CreativeWork →
 * SoftwareApplication → MobileApplication; Thing → Organization; Thing →
 * Intangible → StructuredValue → ContactPoint; Thing → Intangible → Offer),
 * limited to the ones a page like ours could use.
 */
const THING = ["name", "description", "url", "image", "sameAs", "identifier", "alternateName"]
const PROPERTIES: Record<string, string[]> = {
  MobileApplication: [
    ...THING,
    "publisher",
    "author",
    "inLanguage",
    "offers",
    "aggregateRating",
    "review",
    "screenshot",
    "datePublished",
    "applicationCategory",
    "applicationSubCategory",
    "operatingSystem",
    "installUrl",
    "downloadUrl",
    "softwareVersion",
    "carrierRequirements",
  ],
  Organization: [
    ...THING,
    "logo",
    "email",
    "telephone",
    "contactPoint",
    "address",
    "founder",
    "foundingDate",
    "legalName",
    "brand",
  ],
  ContactPoint: [...THING, "contactType", "email", "telephone", "availableLanguage", "areaServed", "hoursAvailable"],
  Offer: [
    ...THING,
    "price",
    "priceCurrency",
    "category",
    "availability",
    "eligibleRegion",
    "seller",
    "priceValidUntil",
  ],
}

const jsonLdOf = (route: string): unknown[] => {
  const page = BUILT_PAGES.find((candidate) => candidate.route === route)
  if (!page) throw new Error(`no built page ${route}`)
  return [...readBuiltPage(page).querySelectorAll('script[type="application/ld+json"]')].map((script) =>
    JSON.parse(script.textContent ?? ""),
  )
}

/** Every object with an @type in the data, however deeply nested. */
const typedItems = (value: unknown): Item[] => {
  if (Array.isArray(value)) return value.flatMap(typedItems)
  if (!value || typeof value !== "object") return []
  const nested = Object.values(value).flatMap(typedItems)
  return "@type" in value ? [value as Item, ...nested] : nested
}

const landingItems = () => typedItems(jsonLdOf("/"))
const ofType = (type: string) => {
  const found = landingItems().filter((item) => item["@type"] === type)
  expect(found).toHaveLength(1)
  return found[0] as Item
}

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("the landing page's JSON-LD", () => {
  it("is one valid JSON document in the schema.org context", () => {
    const documents = jsonLdOf("/")
    expect(documents).toHaveLength(1)
    expect((documents[0] as Item)["@context"]).toBe("https://schema.org")
  })

  it("describes the app as a free educational MobileApplication for iOS and Android with both store listings", () => {
    const app = ofType("MobileApplication")
    expect(app.name).toBe(siteFacts.appName)
    expect(app.description).toBe(siteFacts.description)
    expect(app.applicationCategory).toBe("EducationalApplication")
    expect(String(app.operatingSystem)).toMatch(/\biOS\b/)
    expect(String(app.operatingSystem)).toMatch(/\bAndroid\b/)
    const offer = app.offers as Item
    expect(offer["@type"]).toBe("Offer")
    expect(Number(offer.price)).toBe(0)
    expect(offer.priceCurrency).toBe(siteFacts.priceCurrency)
    const storeLinks = [app.installUrl, app.downloadUrl, app.sameAs].flat().filter(Boolean)
    expect(storeLinks).toEqual(expect.arrayContaining([siteFacts.appStoreUrl, siteFacts.playStoreUrl]))
  })

  it("names the Organization that publishes it, reachable at the support address", () => {
    const organization = ofType("Organization")
    expect(organization.name).toBe(siteFacts.companyName)
    expect(organization.email).toBe(siteFacts.supportEmail)
    expect((organization.contactPoint as Item).email).toBe(siteFacts.supportEmail)
    expect(ofType("MobileApplication").publisher).toEqual({ "@id": organization["@id"] })
  })

  it("claims no ratings or reviews", () => {
    const text = JSON.stringify(jsonLdOf("/"))
    expect(text).not.toMatch(/aggregateRating|"review"|ratingValue/)
  })

  it("uses only properties that schema.org gives the types it names", () => {
    const items = landingItems()
    expect(items.map((item) => item["@type"]).sort()).toEqual([
      "ContactPoint",
      "MobileApplication",
      "Offer",
      "Organization",
    ])
    for (const item of items) {
      const allowed = PROPERTIES[item["@type"] ?? ""] ?? []
      const unknown = Object.keys(item).filter((key) => !key.startsWith("@") && !allowed.includes(key))
      expect({ type: item["@type"], unknown }).toEqual({ type: item["@type"], unknown: [] })
    }
  })

  it.each(BUILT_PAGES.filter(({ route }) => route !== "/"))(
    "is on the landing page only, not on $route",
    ({ route }) => {
      expect(jsonLdOf(route)).toEqual([])
    },
  )
})
