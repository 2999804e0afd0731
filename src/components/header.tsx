import { Link } from "gatsby"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"
import { ColorModeToggle } from "./color-mode-toggle"
import { Logo } from "./logo"
import { trimTrailingSlashes } from "../routing/trim-slashes"
import { splitLanguage } from "../i18n/languages"
import { useLanguage } from "../i18n/language-context"

type HeaderProps = { pathname: string }

const isContactPage = (pathname: string) => splitLanguage(trimTrailingSlashes(pathname)).path === "/contact"

/** The site header: the logo, the optional color-mode toggle and 'Contact us' (absent on /contact). */
export function Header({ pathname }: HeaderProps) {
  const { t, path } = useLanguage()
  return (
    <header sx={{ height: "header", display: "flex", alignItems: "center" }}>
      <Container sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 3 }}>
        <Logo />
        <nav aria-label={t("header.navLabel")} sx={{ display: "flex", alignItems: "center", gap: 3 }}>
          {siteFacts.showColorModeToggle && <ColorModeToggle />}
          {!isContactPage(pathname) && (
            <Link to={path("/contact")} sx={{ variant: "buttons.secondary", minHeight: 44, px: [4, 5] }}>
              {t("header.contact")}
            </Link>
          )}
        </nav>
      </Container>
    </header>
  )
}
