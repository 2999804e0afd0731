import { useState } from "react"
import { callApi, shownTime } from "./api-client"
import type { Account } from "./admin-frame"
import { AdminNotice } from "./admin-notice"
import { DataTable } from "./data-table"
import { Pager } from "./pager"
import { mayUse } from "../admin-api/roles"
import { useAdminData } from "./use-admin-data"

type LeaderboardLine = { place: number; email: string; credited: number; pending: number; held: number }
type HeldReferral = { id: number; referred: string; referrer: string; signedUpAt: string }
type Referrals = {
  leaderboard: { items: LeaderboardLine[]; total: number; page: number; pageSize: number }
  held: HeldReferral[]
  boost: number
}

/** An owner's buttons for a held referral: credit it or refuse it. */
function Decision({
  referral,
  onDone,
}: {
  referral: HeldReferral
  onDone: (notice: { tone: "done" | "error"; text: string }) => void
}) {
  const [busy, setBusy] = useState(false)
  const decide = async (decision: "credit" | "refuse") => {
    setBusy(true)
    const answer = await callApi("POST", `referrals/held/${referral.id}`, { decision })
    setBusy(false)
    if (answer.error) return onDone({ tone: "error", text: answer.error })
    onDone({
      tone: "done",
      text:
        decision === "credit"
          ? `Credited ${referral.referrer} for ${referral.referred}.`
          : `Refused the referral of ${referral.referred} by ${referral.referrer}.`,
    })
  }
  return (
    <span sx={{ display: "flex", gap: 2 }}>
      <button
        type="button"
        sx={{ variant: "buttons.secondary" }}
        disabled={busy}
        onClick={() => void decide("credit")}
        aria-label={`Credit ${referral.referrer} for ${referral.referred}`}
      >
        Credit
      </button>
      <button
        type="button"
        sx={{ variant: "buttons.secondary" }}
        disabled={busy}
        onClick={() => void decide("refuse")}
        aria-label={`Refuse the referral of ${referral.referred}`}
      >
        Refuse
      </button>
    </span>
  )
}

/** The referrals: the line, first place first, with each person's friends; and the referrals held for review, which an owner decides. */
export function ReferralsView({ account }: { account: Account }) {
  const [page, setPage] = useState(1)
  const [version, setVersion] = useState(0)
  const [notice, setNotice] = useState<{ tone: "done" | "error"; text: string } | null>(null)
  const loaded = useAdminData<Referrals>(`referrals?page=${page}&v=${version}`)
  const reviews = mayUse(account.role, "referral-review")
  const decided = (next: { tone: "done" | "error"; text: string }) => {
    setNotice(next)
    setVersion(version + 1)
  }
  return (
    <div>
      <p>
        Each confirmed person's place in line, and their friends who signed up through their personal link: credited
        (they confirmed), pending (not yet), and held for review (past 3 credited from one client in a day).
      </p>
      {notice && <AdminNotice tone={notice.tone}>{notice.text}</AdminNotice>}
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && <AdminNotice tone="error">{loaded.error}</AdminNotice>}
      {loaded.state === "done" && (
        <>
          <h2 sx={{ variant: "text.heading", fontSize: 5 }}>Held for review</h2>
          {loaded.data.held.length === 0 ? (
            <p>No referral is held for review.</p>
          ) : (
            <DataTable
              caption="Referrals held for review"
              captionHidden
              columns={
                reviews ? ["Friend", "Referred by", "Signed up", "Decision"] : ["Friend", "Referred by", "Signed up"]
              }
              rows={loaded.data.held.map((referral) => [
                referral.referred,
                referral.referrer,
                shownTime(referral.signedUpAt),
                ...(reviews ? [<Decision key="decision" referral={referral} onDone={decided} />] : []),
              ])}
            />
          )}
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
