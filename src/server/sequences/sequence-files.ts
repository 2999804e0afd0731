/**
 * The steps of the sequences, as editors write them in content/sequences/
 * (SEQUENCES_DIR): each step a list mail of its own (see
 * markdown-mail/mail-files.ts), `<name>.md` in English and `<name>.<lang>.md`
 * per language, whose frontmatter has, besides `subject` and `preheader`,
 * `after`: how long after a person's confirmation it goes. A translation
 * may leave `after` out, or repeat the English one exactly. Its body takes
 * the reader's name, place, place link, personal link and friends who
 * joined. Read when used, no build; kept while no file of the folder
 * changes (its names, sizes and times).
 */
import fs from "fs"
import path from "path"
import { DEFAULT_LANGUAGE } from "../../i18n/languages"
import { mailSlugs, readMailSource, type Frontmatter } from "../markdown-mail/mail-files"
import type { MailKind } from "../markdown-mail/mail-markdown"
import type { MailVersion } from "../markdown-mail/render-mail"
import { inOrder, type ScheduledStep } from "./sequence-rules"
import { DELAY_FORM, delayText, parseDelay } from "./step-delay"

/** A step of the sequences: its body takes every reader's token. */
export const STEP: MailKind = {
  noun: "step",
  personTokens: ["name", "place", "placeLink", "personalLink", "friendsJoined"],
  fields: ["after"],
}

/** A step as its files say it, ready to be sent: its name, delay, languages and versions. */
export type SequenceStep = ScheduledStep & { versions: MailVersion[] }

/** The folder's steps: those that may be sent, in the order people get them, and those held by their files' problems. */
export type Sequence = { steps: SequenceStep[]; held: { name: string; problems: string[] }[] }

/** The problem of a file's `after`, naming its line, or its delay. */
function delayOf(file: string, frontmatter: Frontmatter): number | string {
  const written = frontmatter.values.after
  const line = frontmatter.lines.after ?? 2
  if (written === undefined)
    return `${file} has no after: write how long after a person's confirmation the step goes, such as \`after: 2 days\``
  const delay = typeof written === "string" ? parseDelay(written) : null
  return delay ?? `${file}: line ${line}: its after ${JSON.stringify(written)} is not ${DELAY_FORM}, at most a year`
}

/** Reads and checks one step's files: the mail's checks, and an `after` in English that each translation leaves out or repeats. */
export function readStep(
  dir: string,
  name: string,
  siteUrl: string,
): { step: SequenceStep | null; problems: string[] } {
  const source = readMailSource(dir, name, siteUrl, STEP)
  const problems = [...source.problems]
  const english = source.fields.get(DEFAULT_LANGUAGE)
  const afterMs = english ? delayOf(`${name}.md`, english) : null
  if (typeof afterMs === "string") problems.push(afterMs)
  for (const [lang, frontmatter] of source.fields) {
    if (lang === DEFAULT_LANGUAGE || frontmatter.values.after === undefined || typeof afterMs !== "number") continue
    const file = `${name}.${lang}.md`
    const own = delayOf(file, frontmatter)
    if (typeof own === "string") problems.push(own)
    else if (own !== afterMs)
      problems.push(
        `${file}: line ${frontmatter.lines.after ?? 2}: its after (${delayText(own)}) is not ${name}.md's (${delayText(afterMs)}): a translation leaves after out, or repeats it`,
      )
  }
  if (problems.length > 0 || typeof afterMs !== "number") return { step: null, problems }
  const languages = source.versions.map((version) => version.lang)
  return { step: { name, afterMs, languages, versions: source.versions }, problems: [] }
}

/** What says whether a folder changed: each Markdown file's name, size and time. */
function folderSignature(dir: string): string {
  if (!fs.existsSync(dir)) return ""
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name))
      return `${name}:${stat.size}:${stat.mtimeMs}`
    })
    .join("|")
}

const read = new Map<string, { signature: string; sequence: Sequence }>()

/** The folder's steps, checked (see readStep), read again only when a file of it changed. */
export function readSequence(dir: string, siteUrl: string): Sequence {
  const key = `${dir}\n${siteUrl}`
  const signature = folderSignature(dir)
  const kept = read.get(key)
  if (kept?.signature === signature) return kept.sequence
  const steps: SequenceStep[] = []
  const held: Sequence["held"] = []
  for (const name of mailSlugs(dir)) {
    const { step, problems } = readStep(dir, name, siteUrl)
    if (step) steps.push(step)
    else held.push({ name, problems })
  }
  const sequence = { steps: inOrder(steps), held }
  read.set(key, { signature, sequence })
  return sequence
}
