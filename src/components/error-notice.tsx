import { useLanguage } from "../i18n/language-context"
import { Link } from "gatsby"
import { Container } from "../elements/container"

type ErrorNoticeProps = { detail: string }

/** What a visitor sees when a route does not exist or a page fails to render. */
export function ErrorNotice({ detail }: ErrorNoticeProps) {
  const { t, path } = useLanguage()
  return (
    <Container sx={{ py: [8, null, 9], textAlign: "center" }}>
      <h1 sx={{ variant: "text.hero", m: 0 }}>{t("error.title")}</h1>
      <p sx={{ variant: "text.lead", mt: 4 }}>{t("error.lead")}</p>
      <p sx={{ fontStyle: "italic", color: "muted", mt: 2 }}>{detail}</p>
      <Link to={path("/")} sx={{ variant: "buttons.primary", mt: 5 }}>
        {t("error.home")}
      </Link>
    </Container>
  )
}
