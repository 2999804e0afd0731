import { Link } from "gatsby"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"
import { CopyrightYear } from "./copyright-year"
import { LogoMark } from "./logo-mark"

/** The site footer: support address, logo mark, copyright line and the legal links. */
export function Footer() {
  return (
    <footer sx={{ borderTop: "1px solid", borderColor: "border", py: 6, mt: 8 }}>
      <Container
        sx={{
          display: "grid",
          gap: 4,
          alignItems: "center",
          gridTemplateColumns: ["1fr", null, null, "auto 1fr auto"],
          justifyItems: ["start", null, null, "stretch"],
        }}
      >
        <a href="/#" aria-label={`${siteFacts.appName} home`} sx={{ display: "inline-block", width: "fit-content", borderRadius: "small" }}>
          <LogoMark size={40} />
        </a>
        <div sx={{ display: "grid", gap: 1 }}>
          <a href={`mailto:${siteFacts.supportEmail}`} sx={{ variant: "links.nav", color: "accent", wordBreak: "break-word" }}>
            {siteFacts.supportEmail}
          </a>
          <p sx={{ variant: "text.small", m: 0 }}>
            © <CopyrightYear /> {siteFacts.companyName}
          </p>
        </div>
        <nav aria-label="Legal" sx={{ display: "flex", flexWrap: "wrap", gap: 4 }}>
          <Link to="/privacy-policy" sx={{ variant: "links.nav" }}>
            Privacy Policy
          </Link>
          <Link to="/terms-and-conditions" sx={{ variant: "links.nav" }}>
            Terms of Service
          </Link>
        </nav>
      </Container>
    </footer>
  )
}
