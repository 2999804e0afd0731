import { useState } from "react"
import type { Account } from "./admin-frame"
import { AdminNotice } from "./admin-notice"
import { DataTable } from "./data-table"
import { HeldReferrals, type Notice } from "./held-referrals"
import type { HeldReferral } from "../admin-api/referrals"
import { Pager } from "./pager"
import { RewardsStatus } from "./rewards-status"
import { mayUse } from "../admin-api/roles"
import { useAdminData } from "./use-admin-data"

type LeaderboardLine = { place: number; email: string; credited: number; pending: number; held: number }
type Referrals = {
  leaderboard: { items: LeaderboardLine[]; total: number; page: number; pageSize: number }
  held: HeldReferral[]
  boost: number
}

/** The referrals: the referrals held for review with their reasons, which an owner or marketing decides; the rewards; and the line, first place first, with each person's friends. */
export function ReferralsView({ account }: { account: Account }) {
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<Notice | null>(null)
  const loaded = useAdminData<Referrals>(`referrals?page=${page}&v=${version}`)
  const reviews = mayUse(account.role, "referral-review")
  const decided = (next: Notice) => {
    setNotice(next)
    setVersion(version + 1)
  }
  return (
    <div>
      <p>
        Each confirmed person's place in line, and their friends who signed up through their personal link: credited
        (they confirmed), pending (not yet), and held for review with the reasons that hold them. A decision sticks: the
        same reason never holds the same referral again.
      </p>
      {notice && <AdminNotice tone={notice.tone}>{notice.text}</AdminNotice>}
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && (
        <>
          <h2 sx={{ variant: "text.heading", fontSize: 5 }}>Held for review</h2>
          <HeldReferrals held={loaded.data.held} reviews={reviews} onDone={decided} />
          <h2 sx={{ variant: "text.heading", fontSize: 5 }}>Rewards</h2>
          <RewardsStatus version={version} />
          <h2 sx={{ variant: "text.heading", fontSize: 5 }}>Leaderboard</h2>
          <p sx={{ variant: "text.small" }}>
            Each credited referral moves its referrer {loaded.data.boost} places ahead (REFERRAL_BOOST).
          </p>
          <DataTable
            caption="The line, first place first"
            captionHidden
            columns={["Place", "Address", "Credited", "Pending", "Held"]}
            rows={loaded.data.leaderboard.items.map((line) => [
              line.place,
              line.email,
              line.credited,
              line.pending,
              line.held,
            ])}
          />
          <Pager
            page={loaded.data.leaderboard.page}
            pageSize={loaded.data.leaderboard.pageSize}
            total={loaded.data.leaderboard.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  )
}
