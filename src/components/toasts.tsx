import { useEffect, useState } from "react"
import { loadToastify } from "./load-toastify"

type Toastify = Awaited<ReturnType<typeof loadToastify>>

/** A color mode of the theme, as react-toastify names its themes. */
export type ToastColorMode = "dark" | "light"

/**
 * The single place toasts appear: 5 s each, closable, themed with the page's
 * color mode. The container (and react-toastify with it) arrives once the
 * browser is idle after the page has loaded; a toast shown before that
 * waits for it. A toast's own colors are the theme's CSS variables (its root
 * styles) in any case.
 */
export function Toasts({ colorMode }: { colorMode: ToastColorMode }) {
  const [toastify, setToastify] = useState<Toastify | null>(null)
  useEffect(() => {
    let live = true
    const load = () => void loadToastify().then((module) => live && setToastify(module))
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load, { timeout: 2000 })
    else window.setTimeout(load, 200)
    return () => {
      live = false
    }
  }, [])
  if (!toastify) return null
  const { ToastContainer } = toastify
  return <ToastContainer position="top-right" autoClose={5000} theme={colorMode} />
}
