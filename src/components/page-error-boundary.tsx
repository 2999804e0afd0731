import type { ReactElement } from "react"
import { ErrorBoundary } from "./error-boundary"
import { ErrorNotice } from "./error-notice"

/**
 * The outermost safety net, for wrapPageElement: a render error that escapes
 * a page's own layout (in the header or footer, say) still ends on the error page.
 */
export function wrapWithErrorBoundary(element: ReactElement) {
  return (
    <ErrorBoundary
      fallback={(message) => (
        <main>
          <ErrorNotice detail={message} />
        </main>
      )}
    >
      {element}
    </ErrorBoundary>
  )
}
