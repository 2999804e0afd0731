import { useLanguage } from "../i18n/language-context"
import { useColorMode } from "theme-ui"

/** Switches between the dark and the light color mode. */
export function ColorModeToggle() {
  const [colorMode, setColorMode] = useColorMode()
  const next = colorMode === "light" ? "dark" : "light"
  const { t } = useLanguage()
  return (
    <button
      type="button"
      onClick={() => setColorMode(next)}
      aria-label={t("header.colorMode", { mode: t(`header.colorMode.${next}`) })}
      sx={{ variant: "buttons.secondary", px: 3, minWidth: 48 }}
    >
      <span aria-hidden="true">{colorMode === "light" ? "☾" : "☀"}</span>
    </button>
  )
}
