import { useState } from "react"
import { languageLabel } from "./announcement-types"

/**
 * Each language's mail of an announcement or a step as a reader named Ana
 * gets it, one at a time: its subject (and preheader) as text, and its
 * HTML in a frame sandboxed with every restriction (no script, an opaque
 * origin, no forms, pop-ups or navigation of this page), loaded from a
 * route whose own policy lets nothing load or run either (see
 * markdown-mail/list-mail-answers.ts).
 */
export function MailPreview({
  slug,
  versions,
  previewPath,
}: {
  slug: string
  versions: { lang: string; subject: string; preheader?: string }[]
  /** The path of a language's preview under /api/admin/. */
  previewPath: (lang: string) => string
}) {
  const [lang, setLang] = useState(versions[0]?.lang ?? "en")
  const shown = versions.find((version) => version.lang === lang) ?? versions[0]
  if (!shown) return null
  const selectId = `preview-lang-${slug}`
  return (
    <div>
      <h3 sx={{ variant: "text.heading", fontSize: 4 }}>Preview</h3>
      <label htmlFor={selectId} sx={{ variant: "forms.label", mr: 3 }}>
        Language
      </label>
      <select
        id={selectId}
        value={shown.lang}
        onChange={(event) => setLang(event.target.value)}
        sx={{ variant: "forms.input", py: 2 }}
      >
        {versions.map((version) => (
          <option key={version.lang} value={version.lang}>
            {languageLabel(version.lang)}
          </option>
        ))}
      </select>
      <dl
        sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 3, rowGap: 1, my: 4, dd: { m: 0 } }}
      >
        <dt>Subject</dt>
        <dd lang={shown.lang}>{shown.subject}</dd>
        {shown.preheader !== undefined && (
          <>
            <dt>Preheader</dt>
            <dd lang={shown.lang}>{shown.preheader || "—"}</dd>
          </>
        )}
      </dl>
      <iframe
        key={shown.lang}
        title={`Preview of ${slug} in ${languageLabel(shown.lang)}`}
        src={`/api/admin/${previewPath(shown.lang)}`}
        sandbox=""
        referrerPolicy="no-referrer"
        sx={{
          display: "block",
          width: "100%",
          height: 640,
          border: "1px solid",
          borderColor: "border",
          borderRadius: "small",
        }}
      />
    </div>
  )
}
