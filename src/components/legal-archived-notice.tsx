import { Link } from "gatsby"

type LegalArchivedNoticeProps = { title: string; effectiveDateText: string; endDateText: string; currentPath: string }

/** The banner over an archived legal text: it is no longer in effect, and where the one in force is. */
export function LegalArchivedNotice({ title, effectiveDateText, endDateText, currentPath }: LegalArchivedNoticeProps) {
  return (
    <aside aria-label="Archived version" sx={{ mt: [5, null, 7], p: 4, border: "2px solid", borderColor: "accent", borderRadius: "medium", maxWidth: "prose" }}>
      <p sx={{ m: 0, fontWeight: "bold" }}>This version is no longer in effect.</p>
      <p sx={{ mt: 2, mb: 0 }}>
        It applied from {effectiveDateText} until {endDateText}.{" "}
        <Link to={currentPath} sx={{ color: "accent" }}>
          Read the {title} in force
        </Link>
        .
      </p>
    </aside>
  )
}
