import { Link } from "gatsby"
import { useLanguage } from "../i18n/language-context"
import type { NextVersion } from "../legal/legal-page-context"

/** What the page of a legal text in force says of the version published to follow it: the day it takes effect, and what it changes. */
export function LegalNextVersionNotice({ next }: { next: NextVersion }) {
  const { lang, t } = useLanguage()
  const hrefLang = next.lang === lang ? undefined : next.lang
  return (
    <aside
      aria-label={t("legal.nextLabel")}
      sx={{ mt: 4, p: 4, border: "2px solid", borderColor: "accent", borderRadius: "medium" }}
    >
      <p sx={{ m: 0, fontWeight: "bold" }}>
        <Link to={next.path} hrefLang={hrefLang} sx={{ color: "accent" }}>
          {t("legal.next", { date: next.effectiveDateText })}
        </Link>
      </p>
      <p sx={{ mt: 2, mb: 0 }}>
        <Link to={next.changesPath} hrefLang={hrefLang} sx={{ color: "accent" }}>
          {t("legal.nextChanges")}
        </Link>
      </p>
    </aside>
  )
}
