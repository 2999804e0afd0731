import theme from "../gatsby-plugin-theme-ui"

const tokenValue = (value: unknown, token: string): string => {
  if (typeof value !== "string") throw new Error(`The theme has no color \`${token}\``)
  return value
}

const colors = theme.colors ?? {}
const light = (colors.modes?.light ?? {}) as Record<string, unknown>

/**
 * The theme's colors that the icons, the share image, the manifest and the
 * `theme-color` tags use, read from the theme file so they follow it.
 */
export const brandColors = {
  /** Background of the dark mode, the site's initial mode. */
  darkBackground: tokenValue(colors.background, "background"),
  /** Background of the light mode. */
  lightBackground: tokenValue(light.background, "modes.light.background"),
  /** The orange of the logo tile and the highlighted phrase. */
  brand: tokenValue(colors.brand, "brand"),
  /** What is drawn on the orange: the book of the logo. */
  onBrand: tokenValue(colors.onBrand, "onBrand"),
  /** Text on the dark background. */
  text: tokenValue(colors.text, "text"),
  /** Secondary text on the dark background. */
  muted: tokenValue(colors.muted, "muted"),
  /** Raised surfaces on the dark background. */
  surface: tokenValue(colors.surface, "surface"),
}
