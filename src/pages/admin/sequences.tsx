import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The sequences in the admin: where each step stands, its previews and a test (owner, marketing). */
export default function AdminSequencesPage() {
  return <AdminIsland page="sequences" />
}

export const Head = adminHead(ADMIN_PAGES.sequences.title)
