import type { ReactNode } from "react"

/** Text for screen readers only: read out in its place, never shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <span
      sx={{
        position: "absolute",
        width: "1px",
        height: "1px",
        p: 0,
        m: "-1px",
        overflow: "hidden",
        clip: "rect(0, 0, 0, 0)",
        whiteSpace: "nowrap",
        border: 0,
      }}
    >
      {children}
    </span>
  )
}
