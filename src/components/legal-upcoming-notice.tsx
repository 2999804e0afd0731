import { Link } from "gatsby"
import { useLanguage } from "../i18n/language-context"

type LegalUpcomingNoticeProps = {
  effectiveDateText: string
  inForceDateText: string
  currentPath: string
  changesPath: string | null
}

/** The banner over a version of a legal text whose date has not come: when it takes effect, which version applies today, and what it changes. */
export function LegalUpcomingNotice({
  effectiveDateText,
  inForceDateText,
  currentPath,
  changesPath,
}: LegalUpcomingNoticeProps) {
  const { t } = useLanguage()
  return (
    <aside
      aria-label={t("upcoming.label")}
      sx={{ mt: 4, p: 4, border: "2px solid", borderColor: "accent", borderRadius: "medium" }}
    >
      <p sx={{ m: 0, fontWeight: "bold" }}>{t("upcoming.notYet", { date: effectiveDateText })}</p>
      <p sx={{ mt: 2, mb: 0 }}>
        {t("upcoming.today", { date: inForceDateText })}{" "}
        <Link to={currentPath} sx={{ color: "accent" }}>
          {t("archived.readCurrent")}
        </Link>
      </p>
      {changesPath && (
        <p sx={{ mt: 2, mb: 0 }}>
          <Link to={changesPath} sx={{ color: "accent" }}>
            {t("legal.nextChanges")}
          </Link>
        </p>
      )}
    </aside>
  )
}
