import { useState, type FormEvent } from "react"
import { afterLogin, callApi } from "./api-client"
import { AdminField } from "./admin-field"
import { AdminNotice } from "./admin-notice"

/** The login: address, password and the authenticator's code; after it, the page the browser came from. */
export function LoginForm() {
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [code, setCode] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSending(true)
    setError(null)
    const answer = await callApi("POST", "session", { email, password, code: code.replace(/\s/g, "") })
    if (answer.status === 204) return window.location.assign(afterLogin(window.location.search))
    setSending(false)
    setCode("")
    setError(answer.error)
  }
  return (
    <form onSubmit={(event) => void submit(event)} sx={{ maxWidth: 420 }} noValidate>
      {error && <AdminNotice tone="error">{error}</AdminNotice>}
      <AdminField
        id="email"
        label="E-mail address"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        required
      />
      <AdminField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        required
      />
      <AdminField
        id="code"
        label="Code from your authenticator"
        hint="The six digits your authenticator app shows now."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={code}
        onChange={setCode}
        required
      />
      <button type="submit" sx={{ variant: "buttons.primary" }} disabled={sending}>
        {sending ? "Logging in…" : "Log in"}
      </button>
    </form>
  )
}
