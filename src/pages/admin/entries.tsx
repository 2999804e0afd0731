import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The admin's entries: searched by address or name, newest first (every role). */
export default function AdminEntriesPage() {
  return <AdminIsland page="entries" />
}

export const Head = adminHead(ADMIN_PAGES.entries.title)
