import { useEffect, useState, type ReactNode } from "react"
import type { SessionAccount } from "../admin-api/session-account"
import { mayUse, type Area } from "../admin-api/roles"
import { callApi, loginPath } from "./api-client"
import { AdminNotice } from "./admin-notice"

/** The account logged in, as GET /api/admin/session tells it. */
export type Account = Pick<SessionAccount, "email" | "role">

/** The pages of the admin's navigation, each with the area a role needs to see it. */
const NAVIGATION: { href: string; label: string; area: Area }[] = [
  { href: "/admin", label: "Dashboard", area: "dashboard" },
  { href: "/admin/entries", label: "Entries", area: "entries" },
  { href: "/admin/announcements", label: "Announcements", area: "announcements" },
  { href: "/admin/sequences", label: "Sequences", area: "sequences" },
  { href: "/admin/referrals", label: "Referrals", area: "referrals" },
  { href: "/admin/audit", label: "Audit log", area: "audit" },
]

type FrameProps = {
  title: string
  /** The area the page belongs to; null for pages without a session (login, invitation). */
  area: Area | null
  /** The page's own path, marked as the current one in the navigation. */
  path: string
  children: (account: Account | null) => ReactNode
}

/**
 * The session of the page: loading, the account, or (after a 401) on its
 * way to the login page. A page without a session is "loading" until the
 * script has taken over, so no form can be sent the browser's own way (a
 * password in the address bar) before it has.
 */
function useAccount(needed: boolean): Account | null | "loading" {
  const [account, setAccount] = useState<Account | null | "loading">("loading")
  useEffect(() => {
    if (!needed) return setAccount(null)
    void callApi<Account>("GET", "session").then((answer) => {
      if (answer.status === 401) return window.location.replace(loginPath(window.location.pathname))
      setAccount(answer.data)
    })
  }, [needed])
  return account
}

/**
 * The frame of every page of the admin: a link past the navigation, the
 * header with the pages the account's role may use and the logout button,
 * and the page's heading. A page that needs a session shows its content
 * once the session is known, sends the browser to the login page without
 * one, and says so when the role may not use it.
 */
export function AdminFrame({ title, area, path, children }: FrameProps) {
  const account = useAccount(area !== null)
  const [leaving, setLeaving] = useState(false)
  const logOut = async () => {
    setLeaving(true)
    await callApi("DELETE", "session")
    window.location.assign("/admin/login")
  }
  const known = account !== "loading" && account !== null ? account : null
  return (
    <div sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <a
        href="#admin-main"
        sx={{ position: "absolute", left: -9999, "&:focus": { left: 4, top: 4, bg: "background", p: 2, zIndex: 2 } }}
      >
        Skip to the content
      </a>
      <header sx={{ borderBottom: "1px solid", borderColor: "border" }}>
        <div
          sx={{ variant: "layout.container", display: "flex", flexWrap: "wrap", alignItems: "center", gap: 5, py: 4 }}
        >
          <p sx={{ m: 0, fontWeight: "heading", fontSize: 3 }}>Storyling admin</p>
          {known && (
            <nav aria-label="Admin" sx={{ flex: "1 1 auto" }}>
              <ul sx={{ display: "flex", flexWrap: "wrap", gap: 4, listStyle: "none", m: 0, p: 0 }}>
                {NAVIGATION.filter((item) => mayUse(known.role, item.area)).map((item) => (
                  <li key={item.href}>
                    <a
                      href={item.href}
                      aria-current={item.href === path ? "page" : undefined}
                      sx={{
                        variant: "links.nav",
                        "&[aria-current='page']": { color: "accent", textDecoration: "underline" },
                      }}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {known && (
            <div sx={{ display: "flex", alignItems: "center", gap: 3 }}>
              <p sx={{ variant: "text.small", m: 0 }}>
                {known.email} ({known.role})
              </p>
              <button
                type="button"
                sx={{ variant: "buttons.secondary", minHeight: 40, px: 4 }}
                disabled={leaving}
                onClick={() => void logOut()}
              >
                Log out
              </button>
            </div>
          )}
        </div>
      </header>
      <main
        id="admin-main"
        tabIndex={-1}
        sx={{
          variant: "layout.container",
          flex: "1 0 auto",
          py: 6,
          "&:focus": { outline: "none" },
          a: { color: "accent" },
        }}
      >
        <h1 sx={{ variant: "text.heading", fontSize: [6, null, 7], mt: 0 }}>{title}</h1>
        <noscript>
          <p>The admin needs JavaScript: turn it on for this site.</p>
        </noscript>
        {account === "loading" ? (
          <p role="status">Loading…</p>
        ) : area !== null && known && !mayUse(known.role, area) ? (
          <AdminNotice tone="error">Your role ({known.role}) may not use this page.</AdminNotice>
        ) : (
          children(known)
        )}
      </main>
    </div>
  )
}
