import type { DiffBlock } from "../legal/diff-versions"
import { LegalDiffPart } from "./legal-diff-part"

type Group = { items: DiffBlock[] } | { block: DiffBlock }

/** Consecutive list items in one group, so they render as one list. */
function group(blocks: DiffBlock[]): Group[] {
  const groups: Group[] = []
  for (const block of blocks) {
    const last = groups[groups.length - 1]
    if (block.kind === "item" && last && "items" in last) last.items.push(block)
    else groups.push(block.kind === "item" ? { items: [block] } : { block })
  }
  return groups
}

const Parts = ({ block }: { block: DiffBlock }) => (
  <>
    {block.parts.map((part, index) => (
      <LegalDiffPart key={index} part={part} />
    ))}
  </>
)

const headingTag = (level = 2) => (["h2", "h3", "h4", "h5", "h6"] as const)[Math.min(Math.max(level, 2), 6) - 2] ?? "h2"

/** The changed blocks of a version under their section headings, as a legal page sets its text. */
export function LegalChanges({ blocks }: { blocks: DiffBlock[] }) {
  return (
    <div
      sx={{
        fontSize: [2, null, 3],
        h2: { variant: "text.heading", fontSize: [4, null, 5], mt: 7, mb: 3 },
        "h3, h4, h5, h6": { variant: "text.heading", fontSize: [3, null, 4], mt: 5, mb: 2 },
        p: { my: 3 },
        ul: { pl: 5, my: 3 },
        li: { my: 2 },
      }}
    >
      {group(blocks).map((entry, index) => {
        if ("items" in entry) {
          return (
            <ul key={index}>
              {entry.items.map((item, itemIndex) => (
                <li key={itemIndex} sx={{ ml: (item.level ?? 1) > 1 ? 5 : 0 }}>
                  <Parts block={item} />
                </li>
              ))}
            </ul>
          )
        }
        const Heading = headingTag(entry.block.level)
        return entry.block.kind === "heading" ? (
          <Heading key={index}>
            <Parts block={entry.block} />
          </Heading>
        ) : (
          <p key={index}>
            <Parts block={entry.block} />
          </p>
        )
      })}
    </div>
  )
}
