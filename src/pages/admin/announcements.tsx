import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The announcements in the admin: previews, a test, the send, its progress, pause and resume (owner, marketing). */
export default function AdminAnnouncementsPage() {
  return <AdminIsland page="announcements" />
}

export const Head = adminHead(ADMIN_PAGES.announcements.title)
