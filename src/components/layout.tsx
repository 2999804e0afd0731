import type { ReactNode } from "react"
import { ErrorBoundary } from "./error-boundary"
import { ErrorNotice } from "./error-notice"
import { Footer } from "./footer"
import { Header } from "./header"
import { SkipLink } from "./skip-link"

type LayoutProps = { children: ReactNode; pathname: string }

/** The shared frame of every page: header, main content and footer. */
export function Layout({ children, pathname }: LayoutProps) {
  return (
    <div sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <Header pathname={pathname} />
      <main id="content" tabIndex={-1} sx={{ flex: "1 0 auto", "&:focus": { outline: "none" } }}>
        <ErrorBoundary fallback={(message) => <ErrorNotice detail={message} />}>{children}</ErrorBoundary>
      </main>
      <Footer pathname={pathname} />
    </div>
  )
}
