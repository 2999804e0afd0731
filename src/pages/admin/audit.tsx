import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The admin's audit log (owner, legal). */
export default function AdminAuditPage() {
  return <AdminIsland page="audit" />
}

export const Head = adminHead(ADMIN_PAGES.audit.title)
