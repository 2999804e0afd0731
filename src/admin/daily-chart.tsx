import { useEffect, useRef } from "react"

/** One line of a daily chart: its name and its values, one a day. */
export type ChartSeries = { label: string; values: number[] }

/** How the lines are drawn, in order: the brand's orange, solid; the theme's muted green, dashed (both above 3:1 on the dark background). */
const LOOKS = [
  { stroke: "#FFA73B", dashed: false },
  { stroke: "#7FD1AE", dashed: true },
]

/**
 * Figures per day as a line chart, drawn by uPlot on a canvas (a chunk of
 * its own, loaded once by the first chart shown and shared by the others).
 * The chart is a picture to screen readers, named by its summary: the
 * numbers themselves are in a table beside it.
 * @param days the days, `YYYY-MM-DD` (UTC), one for each value of every series
 */
export function DailyChart({ days, series, summary }: { days: string[]; series: ChartSeries[]; summary: string }) {
  const box = useRef<HTMLDivElement>(null)
  const lines = series.map((line, index) => ({
    ...line,
    ...(LOOKS[index % LOOKS.length] ?? { stroke: "#FFA73B", dashed: false }),
  }))
  useEffect(() => {
    const element = box.current
    if (!element) return
    let chart: { destroy: () => void; setSize: (size: { width: number; height: number }) => void } | null = null
    let observer: ResizeObserver | null = null
    let gone = false
    void import("uplot").then(({ default: UPlot }) => {
      if (gone) return
      const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000)
      const axis = {
        stroke: "#F3F1EA",
        grid: { stroke: "rgba(184, 199, 192, 0.2)" },
        ticks: { stroke: "rgba(184, 199, 192, 0.4)" },
      }
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: 280,
          tzDate: (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
          legend: { show: false },
          cursor: { show: false },
          scales: {
            y: { range: (_self: unknown, _min: number, max: number) => [0, Math.max(4, Math.ceil(max * 1.1))] },
          },
          axes: [
            axis,
            {
              ...axis,
              values: (_self: unknown, ticks: number[]) =>
                ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : "")),
            },
          ],
          series: [
            {},
            ...lines.map((line) => ({
              label: line.label,
              stroke: line.stroke,
              width: 3,
              dash: line.dashed ? [6, 4] : undefined,
              points: { show: days.length <= 31 },
            })),
          ],
        },
        [x, ...lines.map((line) => line.values)],
        element,
      )
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 280 }))
      observer.observe(element)
    })
    return () => {
      gone = true
      observer?.disconnect()
      chart?.destroy()
    }
  }, [days, series])
  return (
    <figure sx={{ m: 0 }}>
      <div
        ref={box}
        role="img"
        aria-label={summary}
        sx={{
          minHeight: 280,
          width: "100%",
          ".u-wrap": { position: "relative" },
          ".u-over, .u-under": { position: "absolute" },
          canvas: { display: "block", position: "relative" },
          ".u-axis": { position: "absolute" },
        }}
      />
      <figcaption sx={{ display: "flex", gap: 5, mt: 3, variant: "text.small" }}>
        {lines.map((line) => (
          <span key={line.label} sx={{ display: "inline-flex", alignItems: "center", gap: 2 }}>
            <span
              aria-hidden="true"
              sx={{
                display: "inline-block",
                width: 24,
                borderTop: `3px ${line.dashed ? "dashed" : "solid"}`,
                borderColor: line.stroke,
              }}
            />
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
