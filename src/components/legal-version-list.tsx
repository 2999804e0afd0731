import { Link } from "gatsby"
import { useLanguage } from "../i18n/language-context"
import type { VersionListItem } from "../legal/legal-page-context"

/** Every version of a legal text, newest first: its date, a mark on the one in force, and a link to what it changed. */
export function LegalVersionList({ versions }: { versions: VersionListItem[] }) {
  const { t } = useLanguage()
  return (
    <ol sx={{ listStyle: "none", p: 0, my: 5, fontSize: [2, null, 3] }}>
      {versions.map((version) => (
        <li key={version.effectiveDate} sx={{ py: 3, borderBottom: "1px solid", borderColor: "border" }}>
          <Link to={version.path} sx={{ color: "accent", fontWeight: "bold" }}>
            {version.effectiveDateText}
          </Link>
          {version.current && <strong sx={{ ml: 3 }}>{t("versions.inForce")}</strong>}
          {version.changesPath && (
            <Link to={version.changesPath} sx={{ display: "block", mt: 1, color: "accent", fontSize: [1, null, 2] }}>
              {t("versions.whatChanged", { date: version.effectiveDateText })}
            </Link>
          )}
        </li>
      ))}
    </ol>
  )
}
