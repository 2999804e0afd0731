import fs from "fs"
import path from "path"
import { PROJECT_ROOT } from "./project-root"

/** Where the reliability suites leave what they tried, one JSON file per suite and store (git-ignored). */
export const FIGURES_DIR = path.join(PROJECT_ROOT, ".data", "reliability")

export type StoreName = "SQLite" | "PostgreSQL" | "no store"

/** What one suite tried against one store. */
export type Figures = {
  submissionsSent: number
  crashesSurvived: number
  entriesChecked: number
  inputsFuzzed: number
  outagesHealed: number
  faultsHealed: number
  entriesLost: number
  /** Requests of ordinary visitors answered while an attack was going on. */
  visitorsServedUnderAttack: number
  /** Mails an SMTP server received exactly once, through outages, crashes and several instances. */
  mailsDelivered: number
  /** Instances stopped with SIGTERM or SIGINT under load that exited with 0 (a rolling restart counts each). */
  cleanRestarts: number
}

/** Readings a suite took once, by what they are ("descriptors after the attack"), in the order taken. */
export type Measurements = Record<string, number>

export type FiguresRecord = {
  suite: string
  store: StoreName
  recordedAt: string
  figures: Figures
  measured?: Measurements
}

export const NO_FIGURES: Figures = {
  submissionsSent: 0,
  crashesSurvived: 0,
  entriesChecked: 0,
  inputsFuzzed: 0,
  outagesHealed: 0,
  faultsHealed: 0,
  entriesLost: 0,
  visitorsServedUnderAttack: 0,
  mailsDelivered: 0,
  cleanRestarts: 0,
}

/**
 * Counts what a suite tries against a store and writes the running totals to
 * FIGURES_DIR after every addition, so a run leaves its figures even when it
 * stops half-way. `npm run reliability:report` turns them into docs/reliability.md.
 */
export function recordFigures(suite: string, store: StoreName) {
  const figures: Figures = { ...NO_FIGURES }
  const measured: Measurements = {}
  const file = path.join(FIGURES_DIR, `${suite}.${store.toLowerCase()}.json`)
  const write = () => {
    const record: FiguresRecord = {
      suite,
      store,
      recordedAt: new Date().toISOString(),
      figures,
      ...(Object.keys(measured).length > 0 ? { measured } : {}),
    }
    fs.mkdirSync(FIGURES_DIR, { recursive: true })
    fs.writeFileSync(file, JSON.stringify(record, null, 2) + "\n")
  }
  return {
    add(more: Partial<Figures>): void {
      for (const [name, value] of Object.entries(more) as [keyof Figures, number][]) figures[name] += value
      write()
    },
    /** Keeps readings of the server (a later reading of the same name replaces the earlier). */
    measure(readings: Measurements): void {
      Object.assign(measured, readings)
      write()
    },
  }
}

/** Every record the last runs left, by suite and store; a figure an older record lacks counts as 0. */
export function readFigures(dir = FIGURES_DIR): FiguresRecord[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as FiguresRecord)
    .map((record) => ({ ...record, figures: { ...NO_FIGURES, ...record.figures } }))
}
