import { AdminIsland } from "../../components/admin-island"
import { adminHead } from "../../components/admin-head"
import { ADMIN_PAGES } from "../../admin/admin-app"

/** The admin's referrals: the leaderboard and the referrals held for review (owner, marketing). */
export default function AdminReferralsPage() {
  return <AdminIsland page="referrals" />
}

export const Head = adminHead(ADMIN_PAGES.referrals.title)
