import { useColorMode } from "theme-ui"

/** Switches between the dark and the light color mode. */
export function ColorModeToggle() {
  const [colorMode, setColorMode] = useColorMode()
  const next = colorMode === "light" ? "dark" : "light"
  return (
    <button
      type="button"
      onClick={() => setColorMode(next)}
      aria-label={`Switch to ${next} mode`}
      sx={{ variant: "buttons.secondary", px: 3, minWidth: 48 }}
    >
      <span aria-hidden="true">{colorMode === "light" ? "☾" : "☀"}</span>
    </button>
  )
}
