import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The admin's dashboard: the waitlist's growth, languages, sources, confirmations and mail (owner, marketing). */
export default function AdminDashboardPage() {
  return <AdminIsland page="dashboard" />
}

export const Head = adminHead(ADMIN_PAGES.dashboard.title)
