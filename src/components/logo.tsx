import { useLanguage } from "../i18n/language-context"
import { Link } from "gatsby"
import { siteFacts } from "../config/site-facts"
import { LogoMark } from "./logo-mark"

/** The product logo (mark and name), linking to the landing page. */
export function Logo() {
  const { path } = useLanguage()
  return (
    <Link
      to={path("/")}
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 2,
        color: "text",
        textDecoration: "none",
        fontWeight: "heading",
        fontSize: 4,
        letterSpacing: "-0.02em",
      }}
    >
      <LogoMark />
      <span>{siteFacts.appName}</span>
    </Link>
  )
}
