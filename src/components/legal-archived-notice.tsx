import { Link } from "gatsby"
import { useLanguage } from "../i18n/language-context"

type LegalArchivedNoticeProps = { effectiveDateText: string; endDateText: string; currentPath: string }

/** The banner over an archived legal text: it is no longer in effect, when it applied, and where the one in force is. */
export function LegalArchivedNotice({ effectiveDateText, endDateText, currentPath }: LegalArchivedNoticeProps) {
  const { t } = useLanguage()
  return (
    <aside
      aria-label={t("archived.label")}
      sx={{ mt: 4, p: 4, border: "2px solid", borderColor: "accent", borderRadius: "medium" }}
    >
      <p sx={{ m: 0, fontWeight: "bold" }}>{t("archived.notInEffect")}</p>
      <p sx={{ mt: 2, mb: 0 }}>
        {t("archived.applied", { from: effectiveDateText, until: endDateText })}{" "}
        <Link to={currentPath} sx={{ color: "accent" }}>
          {t("archived.readCurrent")}
        </Link>
      </p>
    </aside>
  )
}
