import { useLanguage } from "../i18n/language-context"
/** A link for keyboard users to jump past the header, visible only when focused. */
export function SkipLink() {
  const { t } = useLanguage()
  return (
    <a
      href="#content"
      sx={{
        variant: "buttons.primary",
        position: "absolute",
        left: 4,
        top: 4,
        zIndex: 10,
        transform: "translateY(-200%)",
        "&:focus": { transform: "none" },
      }}
    >
      {t("skipLink")}
    </a>
  )
}
