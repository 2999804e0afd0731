import { useEffect, useState, type FormEvent } from "react"
import type { ConsentRecord, PersonExport } from "../admin-api/person-export"
import { folded } from "../waitlist/folded-text"
import { callApi, shownTime } from "./api-client"
import { AdminField } from "./admin-field"
import { AdminNotice } from "./admin-notice"
import { DataTable } from "./data-table"
import { PersonReferrals } from "./person-referrals"

/** A version of the privacy policy in words, or that it was not recorded. */
const consentText = (consent: ConsentRecord | null) =>
  consent === null
    ? "—"
    : typeof consent === "string"
      ? "Not recorded (before versions were kept)"
      : `Privacy policy of ${consent.effectiveDate} (${consent.language}), SHA-256 ${consent.sha256.slice(0, 16)}…`

/** Metadata as lines of text: each field and its value as JSON, so nothing in it is ever markup. */
const metadataLines = (metadata: Record<string, unknown>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join("\n")

/** Saves the export as a JSON file, made in the browser from what the page was given (the export is in the audit log already). */
function download(data: PersonExport) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }))
  const link = document.createElement("a")
  link.href = url
  link.download = `personal-data-${data.exportedAt.slice(0, 10)}.json`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * One person's page (its address after `#`): everything held about them
 * with their history, the file to hand them, and the erasure, which asks
 * for the address again.
 */
export function PersonView() {
  const [address, setAddress] = useState<string | null>(null)
  const [data, setData] = useState<PersonExport | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [erased, setErased] = useState(false)
  useEffect(() => {
    let found = ""
    try {
      found = decodeURIComponent(window.location.hash.slice(1))
    } catch {
      found = ""
    }
    setAddress(found)
    if (!found) return setProblem("Open a person's page from the entries: its address is missing here.")
    void callApi<PersonExport>("GET", `people/${encodeURIComponent(found)}`).then((answer) =>
      answer.data ? setData(answer.data) : setProblem(answer.error),
    )
  }, [])

  if (erased)
    return (
      <AdminNotice tone="done">
        Everything held about {address} was erased. A record of the erasure keeps only a keyed hash of the address, when
        and by whom; the audit log lists it.
      </AdminNotice>
    )
  if (problem) return <AdminNotice tone="error">{problem}</AdminNotice>
  if (!data || address === null) return <p role="status">Loading…</p>
  const { entry, confirmation } = data
  return (
    <div>
      <p sx={{ fontSize: 3 }}>
        <strong>{address}</strong>
      </p>
      <button type="button" sx={{ variant: "buttons.primary" }} onClick={() => download(data)}>
        Download everything as JSON
      </button>
      <p sx={{ variant: "text.small" }}>
        The file to hand to this person when they ask for their data (GDPR Article 15). Opening this page was recorded
        in the audit log.
      </p>
      {entry ? (
        <section aria-labelledby="entry">
          <h2 id="entry" sx={{ variant: "text.heading", fontSize: 5 }}>
            Entry
          </h2>
          <DataTable
            caption="The entry"
            captionHidden
            columns={[
              "Name",
              "Address",
              "Signed up",
              "Language",
              "Came from",
              "Confirmed",
              "Privacy policy when confirmed",
            ]}
            rows={[
              [
                entry.name,
                entry.email,
                shownTime(entry.signedUpAt),
                entry.language ?? "—",
                [
                  entry.cameFrom.referrerHost,
                  entry.cameFrom.utmSource,
                  entry.cameFrom.utmMedium,
                  entry.cameFrom.utmCampaign,
                ]
                  .filter(Boolean)
                  .join(", ") || "—",
                confirmation?.confirmedAt ? shownTime(confirmation.confirmedAt) : "Not yet",
                consentText(confirmation?.privacyPolicyWhenConfirmed ?? null),
              ],
            ]}
          />
        </section>
      ) : (
        <p>There is no entry of this address now.</p>
      )}
      {entry && <PersonReferrals address={address} />}
      {data.messages.length > 0 && (
        <section aria-labelledby="history">
          <h2 id="history" sx={{ variant: "text.heading", fontSize: 5 }}>
            History
          </h2>
          <ol sx={{ listStyle: "none", p: 0 }}>
            {data.messages.map((message, index) => (
              <li key={index} sx={{ borderLeft: "3px solid", borderColor: "border", pl: 4, mb: 5 }}>
                <p sx={{ fontWeight: "bold", mb: 1 }}>
                  {shownTime(message.sentAt)}: a message as “{message.name}”
                </p>
                <p sx={{ whiteSpace: "pre-wrap", my: 2 }}>{message.message || "(no message)"}</p>
                <p sx={{ variant: "text.small", my: 1 }}>Agreed to: {consentText(message.privacyPolicyInForce)}</p>
                <details>
                  <summary>What the browser sent with it</summary>
                  <pre sx={{ whiteSpace: "pre-wrap", fontSize: 0 }}>{metadataLines(message.metadata)}</pre>
                </details>
              </li>
            ))}
          </ol>
        </section>
      )}
      {data.mails.length > 0 && (
        <section aria-labelledby="mails">
          <h2 id="mails" sx={{ variant: "text.heading", fontSize: 5 }}>
            Mail and events
          </h2>
          <DataTable
            caption="Every mail and event about this person"
            captionHidden
            columns={["What", "Queued", "Sent", "State"]}
            rows={data.mails.map((mail) => [mail.what, shownTime(mail.queuedAt), shownTime(mail.sentAt), mail.status])}
          />
        </section>
      )}
      {data.announcementMails.length > 0 && (
        <section aria-labelledby="announcements">
          <h2 id="announcements" sx={{ variant: "text.heading", fontSize: 5 }}>
            Announcements
          </h2>
          <DataTable
            caption="Every announcement mailed to this person"
            captionHidden
            columns={["Announcement", "Language", "Queued", "Sent", "Outcome", "Bounced", "Complained"]}
            rows={data.announcementMails.map((mail) => [
              mail.announcement,
              mail.language,
              shownTime(mail.queuedAt),
              shownTime(mail.sentAt),
              mail.outcome,
              shownTime(mail.bouncedAt),
              shownTime(mail.complainedAt),
            ])}
          />
        </section>
      )}
      {data.sequenceMails.length > 0 && (
        <section aria-labelledby="sequences">
          <h2 id="sequences" sx={{ variant: "text.heading", fontSize: 5 }}>
            Sequences
          </h2>
          <DataTable
            caption="Each step of the sequences decided for this person"
            captionHidden
            columns={["Step", "Decision", "Language", "When"]}
            rows={data.sequenceMails.map((mail) => [
              mail.step,
              mail.decision,
              mail.language ?? "—",
              shownTime(mail.decidedAt),
            ])}
          />
        </section>
      )}
      {(data.suppression || data.bounces.length > 0) && (
        <section aria-labelledby="suppression">
          <h2 id="suppression" sx={{ variant: "text.heading", fontSize: 5 }}>
            Bounces and suppression
          </h2>
          <ul>
            {data.suppression && (
              <li>
                {data.suppression.liftedAt ? "Was suppressed" : "Suppressed: gets no mail"} since{" "}
                {shownTime(data.suppression.suppressedAt)} ({data.suppression.reason})
                {data.suppression.liftedAt ? `, lifted on ${shownTime(data.suppression.liftedAt)}` : ""}.
              </li>
            )}
            {data.bounces.map((bounce, index) => (
              <li key={index}>
                {bounce.kind === "complaint" ? "A complaint" : `A ${bounce.kind} bounce`} on{" "}
                {shownTime(bounce.receivedAt)}.
              </li>
            ))}
          </ul>
        </section>
      )}
      {(data.afterLeaving || data.erasures.length > 0) && (
        <section aria-labelledby="kept">
          <h2 id="kept" sx={{ variant: "text.heading", fontSize: 5 }}>
            Kept by a keyed hash of the address
          </h2>
          <ul>
            {data.afterLeaving && (
              <li>
                Left the list on {shownTime(data.afterLeaving.leftAt)}, after {data.afterLeaving.confirmationMailsSent}{" "}
                confirmation mails.
              </li>
            )}
            {data.erasures.map((erasure) => (
              <li key={erasure.erasedAt}>Erased on {shownTime(erasure.erasedAt)}.</li>
            ))}
          </ul>
        </section>
      )}
      {entry && <EraseForm address={address} onErased={() => setErased(true)} />}
    </div>
  )
}

/** What the erasure says when the address typed again is not the person's. */
const TYPE_AGAIN = "Type the address again, exactly, to confirm the erasure."

/** The erasure (GDPR Article 17): it asks for the address again before it calls the API's DELETE, which takes no body. */
function EraseForm({ address, onErased }: { address: string; onErased: () => void }) {
  const [typed, setTyped] = useState("")
  const [error, setError] = useState<string | undefined>()
  const [sending, setSending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // Compared as addresses are keyed: case, width and compatibility forms aside.
    if (folded(typed.trim()) !== folded(address.trim())) return setError(TYPE_AGAIN)
    setError(undefined)
    setSending(true)
    const answer = await callApi("DELETE", `people/${encodeURIComponent(address)}`)
    setSending(false)
    if (answer.status === 200) return onErased()
    setError(answer.error ?? undefined)
  }
  return (
    <section
      aria-labelledby="erase"
      sx={{ border: "2px solid", borderColor: "danger", borderRadius: "medium", p: 5, mt: 7 }}
    >
      <h2 id="erase" sx={{ variant: "text.heading", fontSize: 5, mt: 0 }}>
        Erase this person&apos;s data
      </h2>
      <p>
        This erases the entry, every message, every mail sent or waiting (announcements included), the bounces and the
        links&apos; keys, at once and for good. A suppression of the address after a bounce or a complaint stays, kept
        by a keyed hash only, so it gets no mail again. Download the data first if the person asked for it too.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <AdminField
          id="confirm-address"
          label="Type the address again to confirm"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={setTyped}
          error={error}
          required
        />
        <button
          type="submit"
          sx={{ variant: "buttons.secondary", borderColor: "danger", color: "danger" }}
          disabled={sending}
        >
          {sending ? "Erasing…" : "Erase everything"}
        </button>
      </form>
    </section>
  )
}
