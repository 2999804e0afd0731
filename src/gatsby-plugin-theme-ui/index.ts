/**
 * Every design token of the site, read by gatsby-plugin-theme-ui:
 * https://theme-ui.com/packages/gatsby-plugin
 */
import type { Theme } from "theme-ui"
import { PHRASES_CLASS } from "../ssr/phrase-marks"

const headerHeight = 80
const contentMaxWidth = 1096

const theme: Theme = {
  config: {
    initialColorModeName: "dark",
    useColorSchemeMediaQuery: false,
    useLocalStorage: true,
  },
  breakpoints: ["400px", "572px", "768px", "992px", "1280px", "1536px"],
  colors: {
    text: "#F3F1EA",
    background: "#031912",
    brand: "#FFA73B",
    onBrand: "#031912",
    accent: "#FFA73B",
    muted: "#B8C7C0",
    surface: "#0B2A20",
    border: "#5E7F72",
    highlight: "transparent",
    highlightText: "#FFA73B",
    focus: "#FFA73B",
    danger: "#FF9C8A",
    // A QR code stays dark on light in both modes: every phone's camera reads that way round.
    codeInk: "#031912",
    codePaper: "#FFFCF5",
    modes: {
      light: {
        text: "#031912",
        background: "#FFFCF5",
        accent: "#A34D00",
        muted: "#3E564C",
        surface: "#F4EEE2",
        border: "#8A7F6C",
        highlight: "#FFA73B",
        highlightText: "#031912",
        focus: "#A34D00",
        danger: "#B3261E",
      },
    },
  },
  fonts: {
    // The system's own fonts, no download; the Japanese ones of each platform follow the Latin ones.
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic UI", Meiryo, sans-serif',
    // Japanese pages name the Japanese fonts first: the browser then shapes their text with the first font it tries, not the third (a trace of /ja showed the fallback's cost).
    bodyJa:
      '"Hiragino Sans", "Noto Sans CJK JP", "Yu Gothic UI", Meiryo, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: "inherit",
  },
  fontSizes: [12, 14, 16, 18, 20, 24, 32, 40, 48, 56, 64],
  fontWeights: { body: 400, heading: 800, bold: 700 },
  lineHeights: { body: 1.6, heading: 1.15 },
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128],
  sizes: {
    header: headerHeight,
    content: contentMaxWidth,
    prose: 720,
    mockup: 340,
    messageMin: 150,
    qrCode: 208,
  },
  radii: { small: 6, medium: 12, pill: 999 },
  shadows: {
    /** The phone's shadow, drawn around the mockup's own shape with `drop-shadow`. */
    phone: "0 24px 48px rgba(0, 0, 0, 0.35)",
  },
  text: {
    heading: { fontFamily: "heading", fontWeight: "heading", lineHeight: "heading", letterSpacing: "-0.02em" },
    hero: {
      fontFamily: "heading",
      fontWeight: "heading",
      lineHeight: "heading",
      letterSpacing: "-0.03em",
      fontSize: [6, 7, 8, 8, 9, 10],
    },
    lead: { fontSize: [3, 3, 4], color: "muted", lineHeight: "body" },
    small: { fontSize: 1, color: "muted" },
    fieldError: { fontSize: 1, fontWeight: "bold", color: "danger", mt: 2, mb: 0 },
  },
  buttons: {
    primary: {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      gap: 2,
      minHeight: 48,
      px: 5,
      borderRadius: "pill",
      fontFamily: "inherit",
      fontSize: 2,
      fontWeight: "bold",
      textDecoration: "none",
      cursor: "pointer",
      bg: "brand",
      color: "onBrand",
      border: "2px solid",
      borderColor: "brand",
      transition: "transform 120ms ease, filter 120ms ease",
      "&:hover": { filter: "brightness(1.08)", transform: "translateY(-1px)" },
      "&:disabled": { cursor: "progress", opacity: 0.8, transform: "none" },
    },
    secondary: {
      variant: "buttons.primary",
      bg: "transparent",
      color: "text",
      borderColor: "border",
      "&:hover": { borderColor: "accent" },
    },
  },
  forms: {
    label: { fontWeight: "bold", mb: 2 },
    input: {
      fontFamily: "inherit",
      fontSize: 2,
      color: "text",
      bg: "surface",
      border: "2px solid",
      borderColor: "border",
      borderRadius: "small",
      px: 3,
      py: 3,
      "&[aria-invalid='true']": { borderColor: "danger" },
    },
    textarea: {
      variant: "forms.input",
      minHeight: "messageMin",
      resize: "vertical",
    },
  },
  links: {
    nav: {
      color: "text",
      fontWeight: "bold",
      textDecoration: "none",
      "&:hover": { color: "accent", textDecoration: "underline" },
    },
  },
  layout: {
    container: { maxWidth: "content", mx: "auto", px: 6, width: "100%" },
  },
  styles: {
    root: {
      fontFamily: "body",
      lineHeight: "body",
      fontWeight: "body",
      color: "text",
      bg: "background",
      WebkitTextSizeAdjust: "100%",
      // Long words (German compounds) break, hyphenated where the browser knows the page's language, rather than scroll the page sideways.
      overflowWrap: "break-word",
      hyphens: "auto",
      // Japanese has no hyphens, and its own fonts come first.
      "&:lang(ja)": { fontFamily: "bodyJa", hyphens: "manual" },
      // Japanese lines break between phrases: the build marks each phrase's end with <wbr> (src/ssr/phrase-breaks.ts).
      [`.${PHRASES_CLASS}`]: { wordBreak: "keep-all", overflowWrap: "anywhere" },
      "*, *::before, *::after": { boxSizing: "border-box" },
      body: { margin: 0 },
      "*:focus-visible": { outline: "3px solid", outlineColor: "focus", outlineOffset: "3px" },
      ".Toastify__toast": {
        fontFamily: "inherit",
        bg: "surface",
        color: "text",
        border: "1px solid",
        borderColor: "border",
      },
      ".Toastify__close-button": { color: "text", opacity: 0.8 },
      "@media (prefers-reduced-motion: reduce)": {
        "*, *::before, *::after": {
          animationDuration: "1ms !important",
          animationDelay: "0ms !important",
          transition: "none !important",
        },
      },
    },
    a: { color: "accent" },
  },
}

export default theme
