/**
 * /api/admin/invite: the page an invitation's link opens (its token is the
 * part after `#`, which no server ever sees in a request for the page)
 * shows the account and the authenticator's secret to enrol, then takes
 * the invitation with a password and the authenticator's code.
 */
import type { RequestHandler, Response } from "express"
import { z } from "zod"
import type { Db } from "../db/db"
import { sendJson } from "../http/answers"
import { adminBody, shortText } from "./admin-body"
import { INVITE_TRIES } from "./admin-limits"
import { acceptInvite, inviteTryFailed, openInvite, startSession } from "./admin-queries"
import { sessionBegun, sessionExpiry, sessionStarted, withinHashingBudget } from "./login"
import { StrengthCheckBusyError } from "./password-checker"
import { MAX_PASSWORD_LENGTH, hashPassword, passwordProblem, warmPasswordCheck } from "./passwords"
import { isSecretToken, secretTokenKey } from "./secret-tokens"
import { acceptedStep, newTotpSecret, qrCodeSvg, totpUri } from "./totp"

const GONE = "This invitation has expired or was taken already. Ask an owner for a new one."
const TRIED_OUT = `This invitation has ended after ${INVITE_TRIES} failed tries. Ask an owner for a new one.`

/** An invitation's token. */
const token = z.custom<string>(isSecretToken)

/** What taking an invitation sends besides its token. */
const acceptSchema = z.object({ password: shortText(MAX_PASSWORD_LENGTH * 2), code: shortText(64) })

/** The invitation's key from the body and its other fields, or undefined once the refusal is answered. */
function invitationOf(
  req: Parameters<RequestHandler>[0],
  res: Response,
): { key: string; fields: Record<string, unknown> } | undefined {
  const body = adminBody(req, res)
  if (!body) return undefined
  const given = token.safeParse(body.token)
  if (!given.success) return void sendJson(res, 410, { error: GONE })
  return { key: secretTokenKey(given.data), fields: body }
}

/** The handlers of /api/admin/invite and /api/admin/invite/accept. */
export function invitationRoutes({ db, now: clock }: { db: Db; now: () => Date }): {
  open: RequestHandler
  accept: RequestHandler
} {
  return {
    /**
     * POST /api/admin/invite `{token}`: the account's address and role, and
     * the authenticator's secret to enrol, as a QR code, an `otpauth://` URI
     * and the key itself. 410 for an unknown, taken or expired invitation.
     */
    async open(req, res) {
      const invitation = invitationOf(req, res)
      if (!invitation) return
      const invite = await openInvite(db, invitation.key, newTotpSecret(), clock())
      if (!invite?.pendingSecret) return sendJson(res, 410, { error: GONE })
      warmPasswordCheck()
      const uri = totpUri(invite.pendingSecret, invite.email)
      sendJson(res, 200, {
        email: invite.email,
        role: invite.role,
        secret: invite.pendingSecret,
        uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(qrCodeSvg(uri)).toString("base64")}`,
      })
    },
    /**
     * POST /api/admin/invite/accept `{token, password, code}`: takes the
     * invitation. The password must pass passwordProblem and the code must
     * be the authenticator's (computed from the secret shown); then the
     * account is active, the link dead, and a session begins (204 with its
     * cookie). 422 names the field that failed, which uses up one of the
     * invitation's INVITE_TRIES; 410 for an invitation no longer valid; 503
     * while the strength check is busy with others.
     */
    async accept(req, res) {
      const invitation = invitationOf(req, res)
      if (!invitation) return
      const fields = acceptSchema.safeParse(invitation.fields)
      if (!fields.success)
        return sendJson(res, 422, {
          error: "Send the password you chose and the code your authenticator shows.",
          fields: {},
        })
      const { password, code } = fields.data
      const now = clock()
      const invite = await openInvite(db, invitation.key, newTotpSecret(), now)
      if (!invite?.pendingSecret) return sendJson(res, 410, { error: GONE })
      let problem: string | null
      try {
        problem = await passwordProblem(password, invite.email)
      } catch (error) {
        if (!(error instanceof StrengthCheckBusyError)) throw error
        return sendJson(res, 503, { error: "The admin is busy. Please try again in a moment." }, { "Retry-After": "5" })
      }
      // A refused password or a wrong code uses up one of the invitation's tries.
      const failed = async (field: "password" | "code", why: string) =>
        (await inviteTryFailed(db, invitation.key, now))
          ? sendJson(res, 422, { error: why, fields: { [field]: why } })
          : sendJson(res, 410, { error: TRIED_OUT })
      if (problem) return failed("password", problem)
      const step = await acceptedStep(code.trim(), invite.pendingSecret, now, null)
      if (step === null)
        return failed(
          "code",
          "This is not the code your authenticator shows for this key. Scan the code again, check the phone's clock, and type the six digits shown now.",
        )
      await withinHashingBudget(res, async () => {
        const { ip } = res.locals.client
        const account = await acceptInvite(
          db,
          invitation.key,
          invite.pendingSecret ?? "",
          await hashPassword(password),
          step,
          now,
          ip,
        )
        if (!account) return sendJson(res, 410, { error: GONE })
        const session = sessionStarted()
        await startSession(db, account, session.key, sessionExpiry(now), now, ip)
        sessionBegun(res, [session.cookie])
      })
    },
  }
}
