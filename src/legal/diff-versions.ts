import { diffArrays, diffWords } from "diff"
import type { BlockKind, LegalBlock } from "./legal-blocks"

/** What a part of a compared version is: text inserted in the newer version, or removed from the older one. */
export type Change = "added" | "removed"

/** A run of text in a compared block; without `change`, text both versions share. */
export type DiffPart = { text: string; change?: Change }

/**
 * A block of the comparison of two versions. A block only one version has
 * carries `change` and is one part of that change; a block that changed
 * carries its words inserted and removed as parts.
 */
export type DiffBlock = { kind: BlockKind; level?: number; change?: Change; parts: DiffPart[] }

/** How much of two texts their word diff keeps (see shared), from which a changed block is shown as one block edited. */
const SAME_BLOCK = 0.5

const sameBlock = (a: LegalBlock, b: LegalBlock) => a.kind === b.kind && a.level === b.level && a.text === b.text

/** The characters two texts' word diff keeps, as a share of both texts' characters: 1 for equal texts, 0 for texts without a word in common. */
function shared(before: string, after: string): number {
  const kept = diffWords(before, after).reduce(
    (sum, part) => (part.added || part.removed ? sum : sum + part.value.length),
    0,
  )
  return (2 * kept) / Math.max(before.length + after.length, 1)
}

/** Whether a removed and an added block are one block edited: a heading of the same level, or a block of the same kind sharing most words. */
const edited = (before: LegalBlock, after: LegalBlock) =>
  before.kind === after.kind &&
  (before.kind === "heading" ? before.level === after.level : shared(before.text, after.text) >= SAME_BLOCK)

const whole = ({ kind, level, text }: LegalBlock, change?: Change): DiffBlock => ({
  kind,
  ...(level === undefined ? {} : { level }),
  ...(change ? { change } : {}),
  parts: [change ? { text, change } : { text }],
})

function wordDiff(before: LegalBlock, after: LegalBlock): DiffBlock {
  const parts = diffWords(before.text, after.text).map(({ value, added, removed }): DiffPart =>
    added ? { text: value, change: "added" } : removed ? { text: value, change: "removed" } : { text: value },
  )
  return { ...whole(after), parts }
}

/** A run of removed blocks and the added blocks that replace it, edited blocks paired in order. */
function compareRun(removed: LegalBlock[], added: LegalBlock[]): DiffBlock[] {
  const blocks: DiffBlock[] = []
  let next = 0
  for (const before of removed) {
    const match = added.findIndex((after, index) => index >= next && edited(before, after))
    if (match < 0) {
      blocks.push(whole(before, "removed"))
      continue
    }
    blocks.push(
      ...added.slice(next, match).map((after) => whole(after, "added")),
      wordDiff(before, added[match] as LegalBlock),
    )
    next = match + 1
  }
  return [...blocks, ...added.slice(next).map((after) => whole(after, "added"))]
}

/**
 * Compares two versions of a legal text block by block, then word by word.
 * Blocks are aligned first, so a paragraph moved elsewhere shows as removed
 * at its old place and added at its new one; a block edited in place (a
 * heading renamed, a sentence changed) shows the words inserted and removed
 * inside it. Every block of the newer version is in the result, in order.
 */
export function diffLegalBlocks(before: LegalBlock[], after: LegalBlock[]): DiffBlock[] {
  const result: DiffBlock[] = []
  let removed: LegalBlock[] = []
  const flush = (added: LegalBlock[]) => {
    result.push(...compareRun(removed, added))
    removed = []
  }
  for (const change of diffArrays(before, after, { comparator: sameBlock })) {
    if (change.removed) removed.push(...change.value)
    else if (change.added) flush(change.value)
    else {
      flush([])
      result.push(...change.value.map((block) => whole(block)))
    }
  }
  flush([])
  return result
}

const changed = (block: DiffBlock) => block.parts.some((part) => part.change)

/**
 * The changed blocks of a comparison, each under the headings of the
 * sections it is in (kept for orientation, changed or not); blocks and
 * sections without a change are left out.
 */
export function changedSections(blocks: DiffBlock[]): DiffBlock[] {
  const result: DiffBlock[] = []
  let open: { block: DiffBlock; shown: boolean }[] = []
  for (const block of blocks) {
    if (block.kind === "heading")
      open = [...open.filter((section) => (section.block.level ?? 0) < (block.level ?? 0)), { block, shown: false }]
    if (!changed(block)) continue
    for (const section of open.filter((section) => !section.shown)) {
      result.push(section.block)
      section.shown = true
    }
    if (block.kind !== "heading") result.push(block)
  }
  return result
}
