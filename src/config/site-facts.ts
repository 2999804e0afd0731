/**
 * The one place that holds the site's facts. A real company changes these
 * values (every default is fictional) and rebuilds; nothing else in the
 * project repeats them.
 */

/** A third-party service the app relies on, linked from the legal pages. */
export type Provider = {
  /** The provider's name as the legal pages show it. */
  name: string
  /** Address of the provider's privacy policy. */
  privacyUrl: string
  /** Address of the provider's terms of service. */
  termsUrl: string
}

/** The four kinds of provider the privacy policy names. */
export type ProviderRole = "store" | "analytics" | "errors" | "billing"

export type SiteFacts = {
  appName: string
  companyName: string
  /** Shown in meta descriptions and link previews. */
  description: string
  supportEmail: string
  /**
   * The provider's postal address, on one line, as every announcement ends
   * with it (CAN-SPAM asks commercial mail for one) and the legal texts'
   * `{{postalAddress}}` token shows it. The default is a placeholder the
   * company replaces with its own; while it is empty, no announcement can
   * be sent.
   */
  postalAddress: string
  /** Public address of the site, without a trailing slash. */
  siteUrl: string
  appStoreUrl: string
  /** Numeric App Store id; an empty string when the app is not listed yet. */
  appStoreId: string
  /** The Android app's package name (its `applicationId`), which names its Google Play listing. */
  androidPackage: string
  /** The app's Google Play listing, made from its package name. */
  playStoreUrl: string
  /**
   * Whether the app can be installed from both stores. Until it can, `/get`
   * shows its page to every device (it sends no phone to a store), that page
   * offers the waitlist instead of the stores, and no Smart App Banner shows.
   */
  appLive: boolean
  /**
   * The provider token (`pt`) of the team's App Store Connect campaign links
   * (digits), sent with each campaign token so App Analytics credits the
   * campaign to the team; "" to send campaign tokens without it.
   */
  appStoreProviderToken: string
  /** The Apple Developer team id (10 letters and digits), for apple-app-site-association; "" until known. */
  appleTeamId: string
  /** The iOS app's bundle id, for apple-app-site-association; "" until known. */
  iosBundleId: string
  /**
   * The SHA-256 fingerprints of the certificates the Android app is signed
   * with ("AB:CD:…", 32 pairs), for assetlinks.json: with Play App Signing,
   * the app signing key's from the Play Console; empty until known.
   */
  androidCertificateFingerprints: string[]
  /** The app's rating in the stores, for the landing page's structured data; null until it has a real one. */
  rating: { value: number; count: number } | null
  /** ISO 4217 code of the currency the free tier's price (0) is given in, for the structured data. */
  priceCurrency: string
  /** The line under the headline on the share image of link previews. */
  shareImageTagline: string
  /** What the share image shows, for the visitors who cannot see it in a link preview. */
  shareImageAlt: string
  providers: Record<ProviderRole, Provider>
  /** Show the color-mode toggle in the header. */
  showColorModeToggle: boolean
  /**
   * The day the app is planned to reach each store (`YYYY-MM-DD`, UTC), or
   * null while no day is planned. The place page says it and the waitlist's
   * sequences may name it (`{{launchDate:appStore}}`); with null nothing
   * names a day (see src/launch/launch-dates.ts).
   */
  launchDates: Record<LaunchStore, string | null>
}

/** The stores the app launches in. */
export type LaunchStore = "appStore" | "googlePlay"

/** Named once: the Play listing's address is made from it. */
const androidPackage = "com.example.storyling"

export const siteFacts: SiteFacts = {
  appName: "Storyling",
  companyName: "Storyling Labs",
  description:
    "Storyling teaches you a new language one story at a time: every story blends words you already know with new vocabulary.",
  supportEmail: "support@storyling.example.com",
  postalAddress: "100 Example Street, Suite 0, Example City, EX 00000, Exampleland",
  siteUrl: "https://storyling.example.com",
  appStoreUrl: "https://apps.apple.com/app/id0000000000",
  appStoreId: "0000000000",
  androidPackage,
  playStoreUrl: `https://play.google.com/store/apps/details?id=${androidPackage}`,
  appLive: true,
  appStoreProviderToken: "000000",
  appleTeamId: "ABCDE12345",
  iosBundleId: "com.example.storyling",
  androidCertificateFingerprints: [
    "00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00:00",
  ],
  rating: null,
  priceCurrency: "USD",
  shareImageTagline: "Free on iPhone and Android",
  shareImageAlt:
    "The Storyling logo and the words 'Learn a new language one story at a time.' beside a phone showing a story in English with Spanish words woven in.",
  providers: {
    store: {
      name: "Google Play Services",
      privacyUrl: "https://policies.google.com/privacy",
      termsUrl: "https://policies.google.com/terms",
    },
    analytics: {
      name: "Google Analytics for Firebase",
      privacyUrl: "https://firebase.google.com/support/privacy",
      termsUrl: "https://firebase.google.com/terms/analytics",
    },
    errors: {
      name: "Sentry",
      privacyUrl: "https://sentry.io/privacy/",
      termsUrl: "https://sentry.io/terms/",
    },
    billing: {
      name: "RevenueCat",
      privacyUrl: "https://www.revenuecat.com/privacy/",
      termsUrl: "https://www.revenuecat.com/terms/",
    },
  },
  showColorModeToggle: false,
  launchDates: { appStore: null, googlePlay: null },
}
