import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** Taking an invitation to the admin: a password and an authenticator; the link's token follows `#`. */
export default function AdminInvitePage() {
  return <AdminIsland page="invite" />
}

export const Head = adminHead(ADMIN_PAGES.invite.title)
