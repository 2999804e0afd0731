import { Link } from "gatsby"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"
import { ColorModeToggle } from "./color-mode-toggle"
import { Logo } from "./logo"
import { trimTrailingSlashes } from "../routing/trim-slashes"

type HeaderProps = { pathname: string }

const isContactPage = (pathname: string) => trimTrailingSlashes(pathname) === "/contact"

/** The site header: the logo, the optional color-mode toggle and 'Contact us' (absent on /contact). */
export function Header({ pathname }: HeaderProps) {
  return (
    <header sx={{ height: "header", display: "flex", alignItems: "center" }}>
      <Container sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 3 }}>
        <Logo />
        <nav aria-label="Main" sx={{ display: "flex", alignItems: "center", gap: 3 }}>
          {siteFacts.showColorModeToggle && <ColorModeToggle />}
          {!isContactPage(pathname) && (
            <Link to="/contact" sx={{ variant: "buttons.secondary", minHeight: 44, px: [4, 5] }}>
              Contact us
            </Link>
          )}
        </nav>
      </Container>
    </header>
  )
}
