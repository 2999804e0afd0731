import { ToastContainer } from "react-toastify"
import { useColorMode } from "theme-ui"

/** The single place toasts appear: 5 s each, closable, themed with the color mode. */
export function Toasts() {
  const [colorMode] = useColorMode()
  return <ToastContainer position="top-right" autoClose={5000} theme={colorMode === "light" ? "light" : "dark"} />
}
