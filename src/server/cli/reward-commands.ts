/**
 * `npm run waitlist -- rewards …`: the stores' codes imported into a
 * tier's pool, and where the rewards stand per tier and store. What a
 * file or the store holds is printed through inertText.
 */
import fs from "fs"
import { MAX_CODE_FILE_BYTES, codesOfFile, importCodes } from "../rewards/reward-codes"
import { isStore } from "../rewards/reward-queries"
import { rewardStatus, type StatusLine } from "../rewards/reward-status"
import { rewardTiers, tierNamed } from "../rewards/reward-tiers"
import type { Db } from "../db/db"
import { alignedColumns } from "./aligned-columns"
import { inertText } from "./inert-text"
import { counted } from "../../words/counted"

/** A command of `rewards`, once its arguments are read. */
export type RewardCommand = (db: Db, out: (text: string) => void, rewardsFile: string, now: Date) => Promise<void>

const STORE_NAMES = { ios: "the App Store", android: "Google Play" } as const

/** The status as a table: a line per tier and store. */
export function statusTable(lines: StatusLine[]): string {
  const header = ["tier", "store", "earned", "paid", "waiting", "held", "codes left"]
  const rows = lines.map((line) => [
    line.tier,
    line.store ?? (line.codesLeft === null && line.earned === 0 ? "-" : "unknown"),
    ...[line.earned, line.paid, line.waiting, line.held].map(String),
    line.codesLeft === null ? "-" : String(line.codesLeft),
  ])
  return alignedColumns([header, ...rows.map((row) => row.map(inertText))], (column) => column >= 2) + "\n"
}

/** Reads the arguments after `rewards`; a string says what is wrong with them. */
export function rewardCommandOf([action, ...rest]: string[]): RewardCommand | string {
  if (action === "status" && rest.length === 0)
    return async (db, out, file) => {
      const tiers = rewardTiers(file)
      if (tiers.problems.length > 0)
        throw new Error(
          `the rewards' file has problems, and nothing is awarded until they are fixed:\n${tiers.problems.map((problem) => `  - ${problem}`).join("\n")}`,
        )
      out(
        tiers.tiers.length === 0
          ? `${file} has no tier: nothing is awarded.\n`
          : statusTable(await rewardStatus(db, tiers)),
      )
    }
  if (action !== "import" || rest.length !== 3) return "rewards takes `status`, or `import <tier> <ios|android> <file>`"
  const [tierName = "", store = "", file = ""] = rest
  if (!isStore(store)) return `rewards import takes a store, ios or android, not "${inertText(store)}"`
  return async (db, out, rewardsFile, now) => {
    const tiers = rewardTiers(rewardsFile)
    const tier = tierNamed(tiers, tierName)
    if (!tier) throw new Error(`${rewardsFile} has no tier "${inertText(tierName)}"`)
    if (!tier.codes) throw new Error(`${tier.name} hands out no codes (its codes: false in ${rewardsFile})`)
    const size = fs.statSync(file, { throwIfNoEntry: false })?.size
    if (size === undefined) throw new Error(`there is no file ${inertText(file)}`)
    if (size > MAX_CODE_FILE_BYTES)
      throw new Error(`${inertText(file)} is larger than ${MAX_CODE_FILE_BYTES / 1024 / 1024} MB`)
    const { codes, problems } = codesOfFile(fs.readFileSync(file, "utf8"))
    if (problems.length > 0)
      throw new Error(
        `nothing was imported from ${inertText(file)}:\n${problems.map((problem) => `  - ${inertText(problem)}`).join("\n")}`,
      )
    const { added, known } = await importCodes(db, { tier: tier.name, store, codes }, now)
    out(
      `Imported ${counted(added, "code")} of ${STORE_NAMES[store]} for ${tier.name}${known > 0 ? ` (${counted(known, "was", "were")} imported before, and left as they were)` : ""}. The running server pays the rewards waiting for them within a minute.\n`,
    )
  }
}
