type Toastify = typeof import("react-toastify")

let loading: Promise<Toastify> | null = null

/**
 * react-toastify, loaded once and only when wanted: after the page has
 * settled, or when a toast is due. Its code and styles then never weigh on
 * the first paint of a page.
 */
export function loadToastify(): Promise<Toastify> {
  loading ??= import("react-toastify")
  return loading
}
