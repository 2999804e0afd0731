import { Link } from "gatsby"
import { useLanguage } from "../i18n/language-context"
import type { MessageKey } from "../i18n/messages"
import type { VersionListItem, VersionStatus } from "../legal/legal-page-context"

const MARKS: Record<VersionStatus, MessageKey> = {
  inForce: "versions.inForce",
  upcoming: "versions.upcoming",
  earlier: "versions.earlier",
}

/** Every version of a legal text, newest first: its date, whether it is in force, upcoming or earlier, and a link to what it changes. */
export function LegalVersionList({ versions }: { versions: VersionListItem[] }) {
  const { t } = useLanguage()
  return (
    <ol sx={{ listStyle: "none", p: 0, my: 5, fontSize: [2, null, 3] }}>
      {versions.map((version) => (
        <li key={version.effectiveDate} sx={{ py: 3, borderBottom: "1px solid", borderColor: "border" }}>
          <Link to={version.path} sx={{ color: "accent", fontWeight: "bold" }}>
            {version.effectiveDateText}
          </Link>
          <span sx={{ ml: 3, fontWeight: version.status === "earlier" ? "body" : "bold" }}>
            {t(MARKS[version.status])}
          </span>
          {version.changesPath && (
            <Link to={version.changesPath} sx={{ display: "block", mt: 1, color: "accent", fontSize: [1, null, 2] }}>
              {t(version.status === "upcoming" ? "versions.whatChanges" : "versions.whatChanged", {
                date: version.effectiveDateText,
              })}
            </Link>
          )}
        </li>
      ))}
    </ol>
  )
}
