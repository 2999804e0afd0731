/**
 * `npm run waitlist -- sequence …`: the sequences' operations (see
 * sequence-service.ts) as commands, their results as text. What the
 * folder holds is printed through inertText, so nothing in it can act on
 * the terminal.
 */
import { parseArgs } from "node:util"
import { BY_COMMAND_LINE } from "../audit/audit-log"
import { isSlug } from "../markdown-mail/mail-files"
import { SKIP_REASONS, type SkipReason, type StepSummary } from "../../admin-api/sequences"
import { previewStep, sequenceStatus, testStep, type SequenceIo } from "../sequences/sequence-service"
import type { PreviewFiles } from "../markdown-mail/preview-files"
import { alignedColumns } from "./aligned-columns"
import { inertText } from "./inert-text"

/** A command of `sequence`, once its arguments are read: it runs with the service's I/O and prints. */
export type SequenceCommand = (io: SequenceIo & PreviewFiles, out: (text: string) => void) => Promise<void>

const COLUMNS = ["step", "after", "languages", "got it", "waiting", "failed", "due", "later", "skipped"] as const

/** What `sequence status` prints: a row per step in the order people get them, why people were skipped, and the steps held by a problem. */
export function sequenceStatusText(steps: StepSummary[]): string {
  if (steps.length === 0) return "There is no step in the sequences' folder: write one as docs/editing.md says.\n"
  const ready = steps.filter((step) => step.status !== null)
  const rows = ready.map(({ name, after, versions, status }) => {
    const s = status ?? { sent: 0, waiting: 0, failed: 0, due: 0, later: 0, skipped: { overdue: 0, suppressed: 0 } }
    const skipped = s.skipped.overdue + s.skipped.suppressed
    return [
      inertText(name),
      after ?? "",
      versions.map((version) => version.lang).join(" "),
      ...[s.sent, s.waiting, s.failed, s.due, s.later, skipped].map(String),
    ]
  })
  const why = ready.flatMap(({ name, status }) =>
    (Object.keys(SKIP_REASONS) as SkipReason[])
      .filter((reason) => (status?.skipped[reason] ?? 0) > 0)
      .map((reason) => `  ${inertText(name)}: ${status?.skipped[reason]} because ${SKIP_REASONS[reason]}`),
  )
  const held = steps
    .filter((step) => step.status === null)
    .flatMap(({ name, problems }) => [
      `  ${inertText(name)}:`,
      ...problems.map((problem) => `    - ${inertText(problem)}`),
    ])
  return (
    [
      "The steps of the sequences, in the order people get them (one sequence mail a day at most each):",
      "",
      alignedColumns([COLUMNS, ...rows], (column) => column >= 3),
      ...(why.length > 0 ? ["", "skipped:", ...why] : []),
      ...(held.length > 0 ? ["", "held by a problem of their files, sent to nobody until fixed:", ...held] : []),
    ].join("\n") + "\n"
  )
}

/** Reads the arguments after `sequence`; a string says what is wrong with them. */
export function sequenceCommandOf(args: string[]): SequenceCommand | string {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { lang: { type: "string" }, to: { type: "string" } },
    })
  } catch (error) {
    return (error as Error).message
  }
  const [action = "", name, ...extra] = parsed.positionals
  const { lang, to } = parsed.values
  if (action === "status" && name === undefined && !lang && !to)
    return async (io, out) => out(sequenceStatusText(await sequenceStatus(io)))
  if (action !== "preview" && action !== "test") return `sequence has no command "${inertText(action)}"`
  if (extra.length > 0 || name === undefined || !isSlug(name))
    return `sequence ${action} needs one step's name: the file name of content/sequences/<name>.md`
  if ((lang && action !== "preview") || (to && action !== "test")) return "--lang goes with preview, --to with test"
  if (action === "preview")
    return async (io, out) =>
      out(`Wrote:\n${(await previewStep(io, name, lang)).map((file) => `  ${file}\n`).join("")}`)
  if (!to) return "sequence test needs --to <address>"
  return async (io, out) => {
    const sent = await testStep(io, name, to, BY_COMMAND_LINE)
    out(
      `Sent ${sent.length} test mails to ${inertText(to)}:\n${sent.map(({ lang: code, subject }) => `  ${code}: ${inertText(subject)}\n`).join("")}`,
    )
  }
}
