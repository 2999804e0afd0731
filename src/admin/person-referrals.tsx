import { shownTime } from "./api-client"
import { DataTable } from "./data-table"
import { useAdminData } from "./use-admin-data"

type ReferralLine = {
  id: number
  referred: string
  referrer: string
  state: string
  signedUpAt: string
  decidedAt: string | null
}
type PersonReferrals = {
  place: number | null
  code: string | null
  referredBy: ReferralLine | null
  referred: ReferralLine[]
}

/** A person's place in line, who referred them and whom they referred. */
export function PersonReferrals({ address }: { address: string }) {
  const loaded = useAdminData<PersonReferrals>(`referrals/people/${encodeURIComponent(address)}`)
  if (loaded.state !== "done") return null
  const { place, code, referredBy, referred } = loaded.data
  return (
    <section aria-labelledby="referrals">
      <h2 id="referrals" sx={{ variant: "text.heading", fontSize: 5 }}>
        Place and referrals
      </h2>
      <p>
        {place === null ? "No place in line (not confirmed)." : `Place ${place} in line, personal code ${code ?? "—"}.`}{" "}
        {referredBy ? `Referred by ${referredBy.referrer} (${referredBy.state}).` : "Referred by nobody."}
      </p>
      {referred.length > 0 && (
        <DataTable
          caption="The friends this person referred"
          columns={["Friend", "Signed up", "State", "Decided"]}
          rows={referred.map((line) => [
            line.referred,
            shownTime(line.signedUpAt),
            line.state,
            shownTime(line.decidedAt),
          ])}
        />
      )}
    </section>
  )
}
