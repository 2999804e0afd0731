import type { SiteFacts } from "../config/site-facts"
import { brandColors } from "./brand-colors"
import { manifestIcons } from "./brand-files"

/**
 * The web app manifest (https://www.w3.org/TR/appmanifest/) of the site:
 * its name, colors and icons for a browser that adds it to a home screen.
 */
export function webAppManifest(facts: Pick<SiteFacts, "appName" | "description">) {
  return {
    id: "/",
    name: facts.appName,
    short_name: facts.appName,
    description: facts.description,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "browser",
    background_color: brandColors.darkBackground,
    theme_color: brandColors.darkBackground,
    icons: manifestIcons.map(({ src, size, purpose }) => ({
      src,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose,
    })),
  }
}
