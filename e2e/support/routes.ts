/** A page of the site as the suite visits it. */
export type Route = { path: string; name: string; heading: string }

/** Every route of spec §2, `/get` as a desktop sees it, plus an unknown address that must get the error page. */
export const ROUTES: Route[] = [
  { path: "/", name: "home", heading: "Learn a new language one story at a time." },
  { path: "/contact", name: "contact", heading: "Contact us" },
  { path: "/privacy-policy", name: "privacy-policy", heading: "Privacy Policy" },
  { path: "/terms-and-conditions", name: "terms-and-conditions", heading: "Terms and Conditions" },
  { path: "/get", name: "get", heading: "Get Storyling" },
  { path: "/no-such-page", name: "not-found", heading: "Oops!" },
]

/** The widths the layout must hold at without scrolling sideways. */
export const WIDTHS = [320, 375, 768, 1280] as const
