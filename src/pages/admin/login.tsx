import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The admin's login: address, password and the authenticator's code. */
export default function AdminLoginPage() {
  return <AdminIsland page="login" />
}

export const Head = adminHead(ADMIN_PAGES.login.title)
