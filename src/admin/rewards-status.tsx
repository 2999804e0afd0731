import { DataTable } from "./data-table"
import { AdminNotice } from "./admin-notice"
import { useAdminData } from "./use-admin-data"
import type { RewardsAnswer } from "../admin-api/referrals"

const STORES = { ios: "App Store", android: "Google Play" } as const

/** Where the rewards stand: per tier and store, earned, paid, waiting, held and codes left; or what is wrong with their file. */
export function RewardsStatus({ version }: { version: number }) {
  const loaded = useAdminData<RewardsAnswer>(`rewards?v=${version}`)
  if (loaded.state === "loading") return <p role="status">Loading…</p>
  if (loaded.state === "failed") return <AdminNotice tone="error">{loaded.error}</AdminNotice>
  const { tiers, problems, status } = loaded.data
  if (problems.length > 0)
    return (
      <AdminNotice tone="error">
        Nothing is awarded until the rewards' file is fixed:
        <ul>
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      </AdminNotice>
    )
  if (tiers.length === 0) return <p>The rewards' file has no tier: nothing is awarded.</p>
  return (
    <DataTable
      caption="Rewards per tier and store"
      captionHidden
      columns={["Tier", "Friends", "Store", "Earned", "Paid", "Waiting", "Held", "Codes left"]}
      rows={status.map((line) => [
        line.tier,
        tiers.find((tier) => tier.name === line.tier)?.friends ?? "",
        line.store
          ? STORES[line.store]
          : line.codesLeft === null && tiers.find((tier) => tier.name === line.tier)?.codes
            ? "not chosen yet"
            : "",
        line.earned,
        line.paid,
        line.waiting,
        line.held,
        line.codesLeft ?? "",
      ])}
    />
  )
}
