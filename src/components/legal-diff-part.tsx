import type { DiffPart } from "../legal/diff-versions"
import { VisuallyHidden } from "./visually-hidden"
import { useLanguage } from "../i18n/language-context"

/**
 * A run of compared text: inserted text underlined in `<ins>`, deleted text
 * struck through in `<del>`, each announced as such to screen readers, so
 * neither depends on color.
 */
export function LegalDiffPart({ part }: { part: DiffPart }) {
  const { t } = useLanguage()
  if (part.change === "added") {
    return (
      <ins
        sx={{
          textDecoration: "underline",
          textDecorationThickness: "0.125em",
          textUnderlineOffset: "0.2em",
          color: "inherit",
        }}
      >
        <VisuallyHidden>[{t("changes.inserted")} </VisuallyHidden>
        {part.text}
        <VisuallyHidden>]</VisuallyHidden>
      </ins>
    )
  }
  if (part.change === "removed") {
    return (
      <del sx={{ textDecoration: "line-through", textDecorationThickness: "0.125em", color: "muted" }}>
        <VisuallyHidden>[{t("changes.deleted")} </VisuallyHidden>
        {part.text}
        <VisuallyHidden>]</VisuallyHidden>
      </del>
    )
  }
  return <>{part.text}</>
}
