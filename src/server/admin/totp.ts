import { generateSecret, generateURI, verify } from "otplib"
import { renderSVG } from "uqr"
import { siteFacts } from "../../config/site-facts"

/** RFC 6238's time step, and what every authenticator app uses: 30 s, six digits, SHA-1. */
export const TOTP_PERIOD_SECONDS = 30

/** A code as an authenticator shows it. */
export const isTotpCode = (value: unknown): value is string => typeof value === "string" && /^\d{6}$/.test(value)

/** A new secret for an authenticator: 20 random bytes (RFC 4226's recommended 160 bits), in base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 })

/** The `otpauth://` URI an authenticator app takes (from the QR code, or typed in), naming the site and the account. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: `${siteFacts.appName} admin`, label: email, secret })

/** The QR code of a URI as an SVG image, to be shown as a picture (never as markup of the page). */
export const qrCodeSvg = (uri: string): string =>
  renderSVG(uri, { border: 2, pixelSize: 6, whiteColor: "#ffffff", blackColor: "#000000" })

/** A secret no code is checked against in earnest: a failed login verifies a code against it, so every cause of failure takes as long. */
const DUMMY_SECRET = newTotpSecret()

/**
 * The time step a code is valid for, or null: a code of the step of `now`
 * or of the one before or after it (a clock 30 s off, a code typed as it
 * changed), and never a step at or before `afterStep` (a code already
 * used: RFC 6238 §5.2). Without a secret, a code is checked against one no
 * one has, so the answer takes as long.
 */
export async function acceptedStep(
  code: string,
  secret: string | null,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret: secret ?? DUMMY_SECRET,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    })
    return result.valid && secret !== null && "timeStep" in result ? Number(result.timeStep) : null
  } catch {
    return null
  }
}
