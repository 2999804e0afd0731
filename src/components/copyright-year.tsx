import { useEffect, useState } from "react"

const BUILD_YEAR = new Date().getFullYear()

/**
 * The current year. The static HTML carries the year of the build; the
 * visitor's clock corrects it after hydration, so an old build never shows
 * last year.
 */
export function CopyrightYear() {
  const [year, setYear] = useState(BUILD_YEAR)
  useEffect(() => setYear(new Date().getFullYear()), [])
  return <>{year}</>
}
