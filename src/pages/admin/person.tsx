import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** One person's data in the admin: history, export and erasure (owner, legal); the address follows `#`. */
export default function AdminPersonPage() {
  return <AdminIsland page="person" />
}

export const Head = adminHead(ADMIN_PAGES.person.title)
