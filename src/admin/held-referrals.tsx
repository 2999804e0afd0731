import { useState } from "react"
import { callApi, shownTime } from "./api-client"
import { DataTable } from "./data-table"
import type { HeldReferral } from "../admin-api/referrals"

/** What a decision said. */
export type Notice = { tone: "done" | "error"; text: string }

/** A decision's two buttons: credit or refuse one referral, or all of one referrer's. */
function Decision({
  path,
  labels,
  done,
  onDone,
}: {
  path: string
  labels: { credit: string; refuse: string }
  done: { credit: string; refuse: string }
  onDone: (notice: Notice) => void
}) {
  const [busy, setBusy] = useState(false)
  const decide = async (decision: "credit" | "refuse") => {
    setBusy(true)
    const answer = await callApi("POST", path, { decision })
    setBusy(false)
    onDone(answer.error ? { tone: "error", text: answer.error } : { tone: "done", text: done[decision] })
  }
  return (
    <span sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
      {(["credit", "refuse"] as const).map((decision) => (
        <button
          key={decision}
          type="button"
          sx={{ variant: "buttons.secondary" }}
          disabled={busy}
          onClick={() => void decide(decision)}
          aria-label={labels[decision]}
        >
          {decision === "credit" ? "Credit" : "Refuse"}
        </button>
      ))}
    </span>
  )
}

/**
 * The review queue, one table per referrer: each held referral with the
 * reasons that hold it and their evidence (times, the network as its /24
 * or /48), and, for whoever may review, buttons to credit or refuse it, or
 * all of the referrer's at once.
 */
export function HeldReferrals({
  held,
  reviews,
  onDone,
}: {
  held: HeldReferral[]
  reviews: boolean
  onDone: (notice: Notice) => void
}) {
  if (held.length === 0) return <p>No referral is held for review.</p>
  const referrers = [...new Map(held.map((referral) => [referral.referrerId, referral.referrer])).entries()]
  return (
    <>
      {referrers.map(([referrerId, referrer]) => {
        const theirs = held.filter((referral) => referral.referrerId === referrerId)
        return (
          <section key={referrerId} aria-label={`Held referrals of ${referrer}`}>
            <h3 sx={{ variant: "text.heading", fontSize: 4, mb: 2 }}>Referred by {referrer}</h3>
            {reviews && theirs.length > 1 && (
              <Decision
                path={`referrals/referrers/${referrerId}/held`}
                labels={{
                  credit: `Credit all ${theirs.length} held referrals of ${referrer}`,
                  refuse: `Refuse all ${theirs.length} held referrals of ${referrer}`,
                }}
                done={{
                  credit: `Credited ${referrer} for all ${theirs.length} held referrals.`,
                  refuse: `Refused all ${theirs.length} held referrals of ${referrer}.`,
                }}
                onDone={onDone}
              />
            )}
            <DataTable
              caption={`Referrals of ${referrer} held for review`}
              captionHidden
              columns={["Friend", "Signed up", "Held", "Network", "Why", ...(reviews ? ["Decision"] : [])]}
              rows={theirs.map((referral) => [
                referral.referred,
                shownTime(referral.signedUpAt),
                referral.heldAt ? shownTime(referral.heldAt) : "",
                referral.network ?? "not kept",
                <ul key="why" sx={{ m: 0, pl: 3 }}>
                  {referral.reasons.map((reason) => (
                    <li key={reason.name}>{reason.text}</li>
                  ))}
                </ul>,
                ...(reviews
                  ? [
                      <Decision
                        key="decision"
                        path={`referrals/held/${referral.id}`}
                        labels={{
                          credit: `Credit ${referrer} for ${referral.referred}`,
                          refuse: `Refuse the referral of ${referral.referred}`,
                        }}
                        done={{
                          credit: `Credited ${referrer} for ${referral.referred}.`,
                          refuse: `Refused the referral of ${referral.referred} by ${referrer}.`,
                        }}
                        onDone={onDone}
                      />,
                    ]
                  : []),
              ])}
            />
          </section>
        )
      })}
    </>
  )
}
