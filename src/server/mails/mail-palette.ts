import theme from "../../gatsby-plugin-theme-ui"

const palette = (theme.colors ?? {}) as Record<string, unknown> & { modes?: { light?: Record<string, unknown> } }

/** A color of the theme (of its light mode with `light`), or a failure naming the token. */
const token = (name: string, light = false): string => {
  const value = light ? palette.modes?.light?.[name] : palette[name]
  if (typeof value !== "string") throw new Error(`The theme has no color \`${light ? "modes.light." : ""}${name}\``)
  return value
}

/** One scheme's colors of a mail, each at 4.5:1 or more against what it is shown on. */
export type MailColors = {
  /** Around the card. */
  page: string
  card: string
  text: string
  /** The fine print: why the mail came, the postal address. */
  muted: string
  /** Links and the wordmark, which stand on the card. */
  link: string
  /** The button: the brand's orange, with the dark text of the logo's book on it in either scheme. */
  button: string
  onButton: string
  /** The note above a test mail. */
  note: string
  rule: string
}

/**
 * The mails' colors, from the site's theme: the light mode's for clients
 * that show mail as it is written, the dark mode's under
 * `prefers-color-scheme: dark` (see DARK_STYLES). The brand's orange is
 * too light for text on white (1.9:1), so in light the wordmark and links
 * take the light mode's accent, and the orange stays the button's ground.
 */
export const MAIL_COLORS: { light: MailColors; dark: MailColors } = {
  light: {
    page: token("background", true),
    card: "#FFFFFF",
    text: token("text", true),
    muted: token("muted", true),
    link: token("accent", true),
    button: token("brand"),
    onButton: token("onBrand"),
    note: "#FFF3CD",
    rule: "#D9D9DE",
  },
  dark: {
    page: token("background"),
    card: token("surface"),
    text: token("text"),
    muted: token("muted"),
    link: token("accent"),
    button: token("brand"),
    onButton: token("onBrand"),
    note: "#4A3B00",
    rule: token("border"),
  },
}

/** The class each styled part of a mail carries, which the dark styles select. */
export const MAIL_CLASS = {
  page: "m-page",
  card: "m-card",
  text: "m-text",
  muted: "m-muted",
  link: "m-link",
  button: "m-button",
  note: "m-note",
  rule: "m-rule",
} as const

const d = MAIL_COLORS.dark
const c = MAIL_CLASS

/**
 * The mails' dark styles: mail clients that follow the reader's dark mode
 * (Apple Mail, Outlook, Thunderbird) apply them over the inline light ones;
 * `[data-ogsc]` is what Outlook.com marks its dark mode with. Clients
 * that drop style sheets keep the light colors, which read on their own.
 */
export const DARK_STYLES = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.${c.page}{background:${d.page}!important;color:${d.text}!important}
.${c.card}{background:${d.card}!important;color:${d.text}!important}
.${c.text}{color:${d.text}!important}
.${c.muted}{color:${d.muted}!important}
.${c.link}{color:${d.link}!important}
.${c.button}{background:${d.button}!important;color:${d.onButton}!important}
.${c.note}{background:${d.note}!important;color:${d.text}!important}
.${c.rule}{border-top-color:${d.rule}!important}
}
[data-ogsc] .${c.card}{background:${d.card}!important}
[data-ogsc] .${c.text}{color:${d.text}!important}
[data-ogsc] .${c.muted}{color:${d.muted}!important}
[data-ogsc] .${c.link}{color:${d.link}!important}
[data-ogsc] .${c.button}{color:${d.onButton}!important}`

const l = MAIL_COLORS.light

/** The inline style and class of each part, in the light colors. */
export const mailStyle = {
  link: `class="${c.link}" style="color:${l.link};text-decoration:underline"`,
  muted: (css: string) => `class="${c.muted}" style="${css};color:${l.muted}"`,
  button: `class="${c.button}" style="display:inline-block;padding:14px 24px;border-radius:8px;background:${l.button};color:${l.onButton};font-weight:700;text-decoration:none"`,
  rule: `class="${c.rule}" style="border:none;border-top:1px solid ${l.rule};margin:24px 0"`,
}
