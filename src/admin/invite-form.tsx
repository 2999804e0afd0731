import { useEffect, useState, type FormEvent } from "react"
import { callApi } from "./api-client"
import { AdminField } from "./admin-field"
import { AdminNotice } from "./admin-notice"
import { PASSWORD_RULE } from "../admin-api/password-rule"

/** What the invitation's link opens: the account, and the authenticator's key to enrol. */
type Invitation = { email: string; role: string; secret: string; uri: string; qrCode: string }

/** The key in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ")

/**
 * Taking an invitation: the link's token (after `#`, never sent to a
 * server with the page) opens it; the page shows the authenticator's QR
 * code, its otpauth:// URI and its key as text, and takes a password and
 * the first code. After it the account is active and logged in.
 */
export function InviteForm() {
  const [token, setToken] = useState<string | null>(null)
  const [invitation, setInvitation] = useState<Invitation | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [password, setPassword] = useState("")
  const [repeated, setRepeated] = useState("")
  const [code, setCode] = useState("")
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)

  useEffect(() => {
    const found = window.location.hash.slice(1)
    setToken(found)
    void callApi<Invitation>("POST", "invite", { token: found }).then((answer) =>
      answer.data ? setInvitation(answer.data) : setProblem(answer.error),
    )
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (password !== repeated) return setErrors({ repeated: "The two passwords differ." })
    setSending(true)
    setErrors({})
    const answer = await callApi<never>("POST", "invite/accept", { token, password, code: code.replace(/\s/g, "") })
    if (answer.status === 204) {
      window.history.replaceState(null, "", "/admin/invite")
      return window.location.assign("/admin")
    }
    setSending(false)
    if (answer.status === 410) setProblem(answer.error)
    else setErrors(Object.keys(answer.fields).length > 0 ? answer.fields : { form: answer.error ?? "" })
  }

  if (problem) return <AdminNotice tone="error">{problem}</AdminNotice>
  if (!invitation) return <p role="status">Opening the invitation…</p>
  return (
    <div sx={{ maxWidth: 640 }}>
      <p>
        This invitation makes <strong>{invitation.email}</strong> an account of the <strong>{invitation.role}</strong>{" "}
        role. Choose a password and enrol an authenticator app (any app that takes TOTP codes).
      </p>
      <h2 sx={{ variant: "text.heading", fontSize: 4 }}>1. Scan this code with your authenticator</h2>
      <img
        src={invitation.qrCode}
        alt={`QR code of the authenticator key for ${invitation.email}`}
        width={240}
        height={240}
        sx={{ bg: "#ffffff", p: 2, borderRadius: "small" }}
      />
      <p>Or type the key into the app:</p>
      <p>
        <code sx={{ fontSize: 3, letterSpacing: "0.05em" }}>{grouped(invitation.secret)}</code>
      </p>
      <p sx={{ variant: "text.small" }}>The authenticator&apos;s address (otpauth:// URI):</p>
      <p>
        <code sx={{ wordBreak: "break-all" }}>{invitation.uri}</code>
      </p>
      <h2 sx={{ variant: "text.heading", fontSize: 4 }}>2. Choose a password and confirm the code</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {errors.form && <AdminNotice tone="error">{errors.form}</AdminNotice>}
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <AdminField
          id="new-password"
          label="Password"
          hint={PASSWORD_RULE}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
        />
        <AdminField
          id="repeated-password"
          label="The password again"
          type="password"
          autoComplete="new-password"
          value={repeated}
          onChange={setRepeated}
          error={errors.repeated}
          required
        />
        <AdminField
          id="code"
          label="Code from your authenticator"
          hint="The six digits the app shows now for this account."
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={setCode}
          error={errors.code}
          required
        />
        <button type="submit" sx={{ variant: "buttons.primary" }} disabled={sending}>
          {sending ? "Setting up…" : "Set up my account"}
        </button>
      </form>
    </div>
  )
}
