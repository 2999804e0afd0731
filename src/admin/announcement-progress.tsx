import { waveText } from "../waitlist/wave"
import { shownTime } from "./api-client"
import { DataTable } from "./data-table"
import { languageLabel, languageOrder, total, type LanguageProgress, type Progress } from "./announcement-types"
import { counted } from "../words/counted"

const COLUMNS: [string, Exclude<keyof LanguageProgress, "lang">][] = [
  ["Queued", "queued"],
  ["Sent", "sent"],
  ["Failed", "failed"],
  ["Bounced", "bounced"],
  ["Complained", "complained"],
  ["Left since", "left"],
]

/** Where a send stands in words: not sent, sending, paused (and why), or done. */
function stateText(progress: Progress | null): string {
  if (!progress) return "Not sent yet."
  const queued = total(progress, "queued")
  const waiting = total(progress, "waiting")
  const done = `${queued - waiting} of ${counted(queued, "mail")} done, ${waiting} waiting`
  if (progress.state === "paused") return `${progress.pausedReason ?? "Paused"}. ${done}.`
  return waiting > 0
    ? `Sending: ${done}.`
    : queued === 1
      ? "Sent: its 1 mail was sent, failed, or its reader left."
      : `Sent: every one of its ${queued} mails was sent, failed, or its reader left.`
}

/**
 * A send's progress: its state (with why it paused), a bar of the mails
 * done (sent, failed, or their reader gone), per language what became
 * of them, with the total, and each wave it went out in.
 */
export function AnnouncementProgressView({ slug, progress }: { slug: string; progress: Progress | null }) {
  const stateId = `state-${slug}`
  const queued = progress ? total(progress, "queued") : 0
  const done = progress ? queued - total(progress, "waiting") : 0
  return (
    <div>
      <p id={stateId} sx={{ fontWeight: "bold" }}>
        {stateText(progress)}
      </p>
      {progress && (
        <>
          <div sx={{ display: "flex", alignItems: "center", gap: 3 }}>
            <progress
              max={Math.max(queued, 1)}
              value={queued === 0 ? 1 : done}
              aria-labelledby={stateId}
              sx={{ flex: "1 1 auto", height: 16, accentColor: "accent" }}
            />
            <span>{queued === 0 ? 100 : Math.floor((done / queued) * 100)}%</span>
          </div>
          <p sx={{ variant: "text.small" }}>First sent {shownTime(progress.createdAt)}.</p>
          <DataTable
            caption={`What became of the mails of ${slug}, per language`}
            columns={["Language", ...COLUMNS.map(([label]) => label)]}
            rows={[
              ...[...progress.languages]
                .sort((a, b) => languageOrder(a.lang) - languageOrder(b.lang))
                .map((row) => [languageLabel(row.lang), ...COLUMNS.map(([, key]) => row[key])]),
              ["Total", ...COLUMNS.map(([, key]) => total(progress, key))],
            ]}
          />
          {progress.waves.length > 0 && (
            <DataTable
              caption={`The waves of ${slug}`}
              columns={["Sent", "To", "Mails queued"]}
              rows={progress.waves.map((wave) => [shownTime(wave.at), waveText(wave), wave.queued])}
            />
          )}
        </>
      )}
    </div>
  )
}
