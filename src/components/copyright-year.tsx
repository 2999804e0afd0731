import { useEffect, useState } from "react"
import { CURRENT_YEAR_ATTRIBUTE } from "../ssr/current-year-script"

const BUILD_YEAR = new Date().getFullYear()

/**
 * The current year. The static HTML carries the year of the build; the
 * visitor's clock corrects it, by an inline script on every page and after
 * hydration where React runs, so an old build never shows last year.
 */
export function CopyrightYear() {
  const [year, setYear] = useState(BUILD_YEAR)
  useEffect(() => setYear(new Date().getFullYear()), [])
  return <span {...{ [CURRENT_YEAR_ATTRIBUTE]: "" }}>{year}</span>
}
