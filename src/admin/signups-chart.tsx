import { useEffect, useRef } from "react"

export type DayFigures = { day: string; signUps: number; confirmations: number }

/** The series' colors: the brand's orange for sign-ups, the theme's muted green for confirmations (both above 3:1 on the dark background). */
const SERIES = [
  { label: "Sign-ups", stroke: "#FFA73B", width: 3 },
  { label: "Confirmations", stroke: "#7FD1AE", width: 3, dash: [6, 4] },
]

/**
 * Sign-ups and confirmations per day as a line chart, drawn by uPlot on a
 * canvas (loaded only on the dashboard, when it is shown). The chart is a
 * picture to screen readers, named by its summary: the numbers themselves
 * are in the table beside it.
 */
export function SignupsChart({ days, summary }: { days: DayFigures[]; summary: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    let chart: { destroy: () => void; setSize: (size: { width: number; height: number }) => void } | null = null
    let observer: ResizeObserver | null = null
    void import("uplot").then(({ default: UPlot }) => {
      const x = days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000)
      const axis = { stroke: "#F3F1EA", grid: { stroke: "rgba(184, 199, 192, 0.2)" }, ticks: { stroke: "rgba(184, 199, 192, 0.4)" } }
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: 280,
          tzDate: (seconds: number) => UPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
          legend: { show: false },
          cursor: { show: false },
          scales: { y: { range: (_self: unknown, _min: number, max: number) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
          axes: [axis, { ...axis, values: (_self: unknown, ticks: number[]) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : "")) }],
          series: [{}, ...SERIES.map((series) => ({ ...series, points: { show: days.length <= 31 } }))],
        },
        [x, days.map((day) => day.signUps), days.map((day) => day.confirmations)],
        element,
      )
      observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: 280 }))
      observer.observe(element)
    })
    return () => {
      observer?.disconnect()
      chart?.destroy()
    }
  }, [days])
  return (
    <figure sx={{ m: 0 }}>
      <div
        ref={box}
        role="img"
        aria-label={summary}
        sx={{ minHeight: 280, width: "100%", ".u-wrap": { position: "relative" }, ".u-over, .u-under": { position: "absolute" }, canvas: { display: "block", position: "relative" }, ".u-axis": { position: "absolute" } }}
      />
      <figcaption sx={{ display: "flex", gap: 5, mt: 3, variant: "text.small" }}>
        {SERIES.map((series) => (
          <span key={series.label} sx={{ display: "inline-flex", alignItems: "center", gap: 2 }}>
            <span aria-hidden="true" sx={{ display: "inline-block", width: 24, borderTop: `3px ${series.dash ? "dashed" : "solid"}`, borderColor: series.stroke }} />
            {series.label}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
