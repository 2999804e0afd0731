import { useEffect, useRef, useState } from "react"
import { callApi } from "./api-client"
import {
  announcementPath,
  languageLabel,
  languageOrder,
  type ActionNotice,
  type SendAudience,
  type SendOutcome,
} from "./announcement-types"
import { waveBody, WaveFields, waveQuery, WHOLE_LIST_INPUT, type WaveInput } from "./wave-fields"
import { counted } from "../words/counted"

/**
 * The send, behind a confirmation: a modal dialog that says how many
 * confirmed entries of each language would get the announcement now (and
 * how many are left out as suppressed), counted again for a wave (the
 * first places in line, a language, a platform, a reward earned), and sends only when
 * confirmed. Escape or Cancel closes it, sending nothing.
 */
export function SendDialog({
  slug,
  sentBefore,
  onDone,
}: {
  slug: string
  sentBefore: boolean
  onDone: (notice: ActionNotice) => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [audience, setAudience] = useState<SendAudience | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [sending, setSending] = useState(false)
  const [wave, setWave] = useState<WaveInput>(WHOLE_LIST_INPUT)
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal()
    if (!open && dialog.current?.open) dialog.current.close()
  }, [open])
  const count = async (narrowed: WaveInput) => {
    setAudience(null)
    setProblem(null)
    const query = waveQuery(narrowed)
    const answer = await callApi<SendAudience>(
      "GET",
      `${announcementPath(slug, "audience")}${query ? `?${query}` : ""}`,
    )
    if (answer.data) setAudience(answer.data)
    else setProblem(answer.error)
  }
  const ask = async () => {
    setWave(WHOLE_LIST_INPUT)
    setOpen(true)
    await count(WHOLE_LIST_INPUT)
  }
  const send = async () => {
    setSending(true)
    const answer = await callApi<SendOutcome>("POST", announcementPath(slug, "send"), waveBody(wave))
    setSending(false)
    setOpen(false)
    if (!answer.data) return onDone({ tone: "error", text: answer.error ?? "" })
    const queued = Object.entries(answer.data.queued)
    const sum = queued.reduce((all, [, n]) => all + n, 0)
    onDone({
      tone: "done",
      text:
        sum === 0
          ? `Queued no new mail of ${slug}: every confirmed entry has one already.`
          : `Queued ${counted(sum, "mail")} of ${slug}: ${queued.map(([lang, n]) => `${lang} ${n}`).join(", ")}. The server sends them at its mail rate.`,
    })
  }
  const readers = audience
    ? Object.entries(audience.readers).sort(([a], [b]) => languageOrder(a) - languageOrder(b))
    : []
  const people = readers.reduce((all, [, n]) => all + n, 0)
  const headingId = `send-heading-${slug}`
  return (
    <>
      <button type="button" sx={{ variant: "buttons.primary" }} onClick={() => void ask()}>
        {sentBefore ? "Send to people confirmed since…" : "Send to the waitlist…"}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={headingId}
        onClose={() => setOpen(false)}
        sx={{
          maxWidth: 520,
          p: 5,
          bg: "background",
          color: "text",
          border: "2px solid",
          borderColor: "border",
          borderRadius: "medium",
          "&::backdrop": { backgroundColor: "rgba(0, 0, 0, 0.6)" },
        }}
      >
        <h2 id={headingId} sx={{ variant: "text.heading", fontSize: 5, mt: 0 }}>
          Send {slug}?
        </h2>
        <WaveFields slug={slug} wave={wave} onChange={setWave} />
        <button type="button" sx={{ variant: "buttons.secondary", mb: 4 }} onClick={() => void count(wave)}>
          Count this wave
        </button>
        {problem && <p role="alert">{problem}</p>}
        {!audience && !problem && <p role="status">Counting the confirmed entries…</p>}
        {audience && people === 0 && (
          <p role="status">
            Every confirmed entry of this wave has this announcement already: there is nothing to send.
          </p>
        )}
        {audience && people > 0 && (
          <>
            <p role="status">
              It goes to {counted(people, "confirmed entry", "confirmed entries")} that have none of it yet, each in the
              language of their sign-up:
            </p>
            <ul>
              {readers.map(([lang, n]) => (
                <li key={lang}>
                  {languageLabel(lang)}: {n}
                </li>
              ))}
            </ul>
          </>
        )}
        {audience && audience.suppressed > 0 && (
          <p>
            {counted(audience.suppressed, "confirmed entry is", "confirmed entries are")} left out: their address
            bounced or complained.
          </p>
        )}
        <div sx={{ display: "flex", flexWrap: "wrap", gap: 3, mt: 5 }}>
          {audience && people > 0 && (
            <button type="button" sx={{ variant: "buttons.primary" }} disabled={sending} onClick={() => void send()}>
              {sending ? "Queueing…" : `Send to ${counted(people, "person", "people")}`}
            </button>
          )}
          <button type="button" sx={{ variant: "buttons.secondary" }} onClick={() => setOpen(false)}>
            {audience && people > 0 ? "Cancel" : "Close"}
          </button>
        </div>
      </dialog>
    </>
  )
}
