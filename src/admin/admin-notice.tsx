import type { ReactNode } from "react"

/** A message of the admin: an alert for what went wrong (read out at once), a status for what went well. */
export function AdminNotice({ tone, children }: { tone: "error" | "done"; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      sx={{
        border: "2px solid",
        borderColor: tone === "error" ? "danger" : "border",
        borderRadius: "small",
        px: 4,
        py: 3,
        my: 4,
      }}
    >
      {children}
    </div>
  )
}
