import type { Delivery } from "../outbox/deliveries"
import { inertText } from "./inert-text"

const COLUMNS = ["id", "status", "kind", "recipient", "attempts", "next_try", "last_error"] as const

/**
 * The deliveries the CLI lists, as a table of tab-separated columns with a
 * header line (readable, and easy to cut or paste into a spreadsheet). A
 * failed delivery is not tried again, so its next try is "-". Every value
 * goes through inertText: an error message cannot act on the terminal.
 */
export function outboxTable(deliveries: Delivery[]): string {
  if (deliveries.length === 0) return "The outbox is empty: every mail and webhook event was delivered.\n"
  const rows = deliveries.map((d) => [
    String(d.id),
    d.status,
    d.kind,
    d.recipient,
    String(d.attempts),
    d.status === "failed" ? "-" : d.nextAttemptAt.toISOString(),
    (d.lastError ?? "-").replace(/\s+/g, " "),
  ])
  return [COLUMNS, ...rows].map((row) => row.map((value) => inertText(value)).join("\t")).join("\n") + "\n"
}
