import { json, type ApiRequest, type ClientInfo } from "../http/web-handler"
import type { WaitlistContext } from "../waitlist/waitlist-context"
import { readBodyFields, textField } from "./admin-request"
import { clientOf, sessionExpiry, sessionStarted, withinHashingBudget } from "./login"
import { MAX_PASSWORD_LENGTH, hashPassword, passwordProblem } from "./passwords"
import { isSecretToken, secretTokenKey } from "./secret-tokens"
import { acceptedStep, newTotpSecret, qrCodeSvg, totpUri } from "./totp"

const GONE = "This invitation has expired or was taken already. Ask an owner for a new one."

/** The invitation's token from the body, or the answer refusing the body. */
async function tokenOf(request: ApiRequest): Promise<{ key: string; fields: Record<string, unknown> } | { refused: Response }> {
  const body = await readBodyFields(request)
  if ("refused" in body) return body
  const token = body.fields.token
  if (!isSecretToken(token)) return { refused: json(410, { error: GONE }) }
  return { key: secretTokenKey(token), fields: body.fields }
}

/**
 * POST /api/admin/invite `{token}`: what the invitation page shows, once
 * the token of its link (the part after `#`, which no server ever sees in
 * a request for the page) is sent: the account's address and role, and the
 * authenticator's secret to enrol, as a QR code, an `otpauth://` URI and
 * the key itself. 410 for an unknown, taken or expired invitation.
 */
export async function openInvitation(request: ApiRequest, context: WaitlistContext): Promise<Response> {
  const token = await tokenOf(request)
  if ("refused" in token) return token.refused
  const invite = await context.store().admin.openInvite(token.key, newTotpSecret(), context.now())
  if (!invite?.pendingSecret) return json(410, { error: GONE })
  const uri = totpUri(invite.pendingSecret, invite.email)
  return json(200, {
    email: invite.email,
    role: invite.role,
    secret: invite.pendingSecret,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(qrCodeSvg(uri)).toString("base64")}`,
  })
}

/**
 * POST /api/admin/invite/accept `{token, password, code}`: takes the
 * invitation. The password must pass passwordProblem and the code must be
 * the authenticator's (computed from the secret shown); then the account
 * is active, the link dead, and a session begins (204 with its cookie).
 * 422 names the field that failed; 410 for an invitation no longer valid.
 */
export async function acceptInvitation(request: ApiRequest, client: ClientInfo, context: WaitlistContext): Promise<Response> {
  const token = await tokenOf(request)
  if ("refused" in token) return token.refused
  const password = textField(token.fields, "password", MAX_PASSWORD_LENGTH * 2)
  const code = textField(token.fields, "code", 64)
  if (password === undefined || code === undefined) return json(422, { error: "Send the password you chose and the code your authenticator shows.", fields: {} })
  const now = context.now()
  const { admin } = context.store()
  const invite = await admin.openInvite(token.key, newTotpSecret(), now)
  if (!invite?.pendingSecret) return json(410, { error: GONE })
  const problem = passwordProblem(password, invite.email)
  if (problem) return json(422, { error: problem, fields: { password: problem } })
  const step = await acceptedStep(code.trim(), invite.pendingSecret, now, null)
  if (step === null) {
    const wrong = "This is not the code your authenticator shows for this key. Scan the code again, check the phone's clock, and type the six digits shown now."
    return json(422, { error: wrong, fields: { code: wrong } })
  }
  return withinHashingBudget(async () => {
    const { ip } = clientOf(request, client, context)
    const account = await admin.acceptInvite(token.key, invite.pendingSecret ?? "", await hashPassword(password), step, now, ip)
    if (!account) return json(410, { error: GONE })
    const session = sessionStarted()
    await admin.startSession(account, session.key, sessionExpiry(now), now, ip)
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store", ...session.cookie } })
  })
}
