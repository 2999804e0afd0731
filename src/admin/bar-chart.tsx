import { Fragment } from "react"

/** One bar: what it counts, and how many. */
export type Bar = { label: string; value: number }

/**
 * Values as horizontal bars, drawn with CSS alone (no script of its own, no
 * chart library): a picture to screen readers, named by its summary; the
 * numbers are in the table that goes with it. Labels are text as given,
 * isolated (`<bdi>`) so that a visitor's campaign name cannot reorder
 * what stands around it.
 */
export function BarChart({ bars, summary }: { bars: Bar[]; summary: string }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value))
  return (
    <div
      role="img"
      aria-label={summary}
      sx={{
        display: "grid",
        gridTemplateColumns: ["minmax(0, 1fr)", null, "minmax(0, max-content) minmax(0, 1fr)"],
        columnGap: 3,
        rowGap: [1, null, 2],
        alignItems: "center",
        my: 4,
      }}
    >
      {bars.map((bar, index) => (
        <Fragment key={index}>
          <bdi
            sx={{
              variant: "text.small",
              color: "text",
              maxWidth: "16em",
              overflow: "hidden",
              textOverflow: "ellipsis",
              whiteSpace: "nowrap",
            }}
          >
            {bar.label}
          </bdi>
          <span sx={{ display: "flex", alignItems: "center", gap: 2 }}>
            <span sx={{ flex: "1 1 auto", display: "flex" }}>
              <span
                sx={{
                  display: "block",
                  height: 16,
                  width: `${(bar.value / most) * 100}%`,
                  minWidth: bar.value > 0 ? 2 : 0,
                  bg: "accent",
                  borderRadius: "small",
                }}
              />
            </span>
            <span sx={{ variant: "text.small", color: "text", minWidth: "3em", textAlign: "right" }}>{bar.value}</span>
          </span>
        </Fragment>
      ))}
    </div>
  )
}
