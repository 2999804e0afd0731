import type { ReactElement } from "react"
import { LanguageProvider } from "../i18n/language-context"
import { languageOf } from "../i18n/languages"
import { wrapWithErrorBoundary } from "./page-error-boundary"

/** What wraps every page (gatsby-ssr's and gatsby-browser's wrapPageElement): its language, from its context, and the outermost error boundary. */
export function wrapPage(element: ReactElement, pageContext: Record<string, unknown>) {
  return <LanguageProvider code={languageOf(pageContext.lang).code}>{wrapWithErrorBoundary(element)}</LanguageProvider>
}
