import { useState, type FormEvent } from "react"
import { callApi } from "./api-client"
import { AdminField } from "./admin-field"
import type { ActionNotice } from "./announcement-types"
import { counted } from "../words/counted"

type TestAnswer = { to: string; sent: { lang: string; subject: string }[] }

/** Sends every language's version of an announcement or a step to one address, each marked as a test; the field says what is wrong with the address. */
export function TestSendForm({
  slug,
  testPath,
  onDone,
}: {
  slug: string
  /** The path of its test route under /api/admin/. */
  testPath: string
  onDone: (notice: ActionNotice) => void
}) {
  const [to, setTo] = useState("")
  const [error, setError] = useState<string | undefined>()
  const [sending, setSending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSending(true)
    setError(undefined)
    const answer = await callApi<TestAnswer>("POST", testPath, { to })
    setSending(false)
    if (answer.data) {
      const languages = answer.data.sent.map((mail) => mail.lang).join(", ")
      return onDone({
        tone: "done",
        text: `Sent ${counted(answer.data.sent.length, "test mail")} of ${slug} to ${answer.data.to} (${languages}), each marked “[Test of ${slug}, …]” in its subject.`,
      })
    }
    if (answer.fields.to) return setError(answer.fields.to)
    onDone({ tone: "error", text: answer.error ?? "" })
  }
  return (
    <form onSubmit={(event) => void submit(event)} noValidate sx={{ maxWidth: 480, mt: 5 }}>
      <h3 sx={{ variant: "text.heading", fontSize: 4 }}>Send a test</h3>
      <AdminField
        id={`test-to-${slug}`}
        label="Address to send the test to"
        hint="Every language's version goes to this one address, marked as a test. Its leave link removes no one."
        type="email"
        autoComplete="email"
        maxLength={254}
        value={to}
        onChange={setTo}
        error={error}
        required
      />
      <button type="submit" sx={{ variant: "buttons.primary" }} disabled={sending}>
        {sending ? "Sending the test…" : "Send a test"}
      </button>
    </form>
  )
}
