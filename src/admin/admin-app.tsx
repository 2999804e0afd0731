import type { Area } from "../admin-api/roles"
import { AdminFrame } from "./admin-frame"
import { AnnouncementsView } from "./announcements-view"
import { AuditView } from "./audit-view"
import { DashboardView } from "./dashboard-view"
import { EntriesView } from "./entries-view"
import { InviteForm } from "./invite-form"
import { LoginForm } from "./login-form"
import { PersonView } from "./person-view"
import { ReferralsView } from "./referrals-view"
import { SequencesView } from "./sequences-view"

/** The admin's pages, each with its title, path and the area a role needs to see it (none: no session needed). */
export const ADMIN_PAGES = {
  dashboard: { title: "Dashboard", path: "/admin", area: "dashboard" },
  entries: { title: "Entries", path: "/admin/entries", area: "entries" },
  person: { title: "A person's data", path: "/admin/person", area: "people" },
  announcements: { title: "Announcements", path: "/admin/announcements", area: "announcements" },
  sequences: { title: "Sequences", path: "/admin/sequences", area: "sequences" },
  audit: { title: "Audit log", path: "/admin/audit", area: "audit" },
  referrals: { title: "Referrals", path: "/admin/referrals", area: "referrals" },
  login: { title: "Log in", path: "/admin/login", area: null },
  invite: { title: "Set up your account", path: "/admin/invite", area: null },
} as const satisfies Record<string, { title: string; path: string; area: Area | null }>

export type AdminPageName = keyof typeof ADMIN_PAGES

/** One page of the admin in its frame: what the server renders, and what the admin's island hydrates. */
export function AdminApp({ page }: { page: AdminPageName }) {
  const { title, path, area } = ADMIN_PAGES[page]
  return (
    <AdminFrame title={title} area={area} path={path}>
      {(account) => {
        if (page === "login") return <LoginForm />
        if (page === "invite") return <InviteForm />
        if (!account) return null
        if (page === "dashboard") return <DashboardView />
        if (page === "entries") return <EntriesView account={account} />
        if (page === "person") return <PersonView />
        if (page === "announcements") return <AnnouncementsView />
        if (page === "sequences") return <SequencesView />
        if (page === "referrals") return <ReferralsView account={account} />
        return <AuditView />
      }}
    </AdminFrame>
  )
}
