import { Link } from "gatsby"
import { siteFacts } from "../config/site-facts"
import { Container } from "../elements/container"
import { CopyrightYear } from "./copyright-year"
import { LanguageSwitcher } from "./language-switcher"
import { LogoMark } from "./logo-mark"
import { useLanguage } from "../i18n/language-context"

/** The site footer: support address, logo mark, copyright line, the legal links and the language switcher. */
export function Footer({ pathname }: { pathname: string }) {
  const { t, path } = useLanguage()
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
        <a
          href={`${path("/")}#`}
          aria-label={t("logo.homeLabel", { appName: siteFacts.appName })}
          sx={{ display: "inline-block", width: "fit-content", borderRadius: "small" }}
        >
          <LogoMark size={40} />
        </a>
        <div sx={{ display: "grid", gap: 1 }}>
          <a
            href={`mailto:${siteFacts.supportEmail}`}
            sx={{ variant: "links.nav", color: "accent", wordBreak: "break-word" }}
          >
            {siteFacts.supportEmail}
          </a>
          <p sx={{ variant: "text.small", m: 0 }}>
            © <CopyrightYear /> {siteFacts.companyName}
          </p>
        </div>
        <nav aria-label={t("footer.legalLabel")} sx={{ display: "flex", flexWrap: "wrap", gap: 4 }}>
          <Link to={path("/privacy-policy")} sx={{ variant: "links.nav" }}>
            {t("footer.privacy")}
          </Link>
          <Link to={path("/terms-and-conditions")} sx={{ variant: "links.nav" }}>
            {t("footer.terms")}
          </Link>
        </nav>
        <LanguageSwitcher pathname={pathname} />
      </Container>
    </footer>
  )
}
