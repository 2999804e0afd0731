import lock from "../../../content/legal/legal.lock.json"
import { DEFAULT_LANGUAGE, isLanguageCode } from "../../i18n/languages"
import type { LegalLock, LockedVersion } from "../../legal/legal-lock"
import { indexInForce, utcDay } from "../../legal/version-in-force"

/**
 * A version of the privacy policy as the legal lock records it: the
 * language it was shown in, the date it took effect and the SHA-256 of its
 * text (content/legal/legal.lock.json), so that what a person agreed to
 * can be read back word for word from git or the site's archive.
 */
export type PolicyVersion = { lang: string; effectiveDate: string; sha256: string }

const POLICY = "privacy-policy"

/** A version of the privacy policy as the columns that keep it (all null: not recorded). */
export const policyColumns = (policy: PolicyVersion | null) => ({
  lang: policy?.lang ?? null,
  date: policy?.effectiveDate ?? null,
  sha256: policy?.sha256 ?? null,
})

/** A version of the privacy policy from the columns that keep it; null when they were not written (rows before migration 0006). */
export const policyOfColumns = (
  lang: string | null,
  date: string | null,
  sha256: string | null,
): PolicyVersion | null =>
  lang !== null && date !== null && sha256 !== null ? { lang, effectiveDate: date, sha256 } : null

/**
 * The version of the privacy policy in force on `now`'s day (UTC) in the
 * language a person read (English without a translation), by the pages'
 * own rule (version-in-force.ts) over the lock bundled with the running
 * build, so it names the text the site served. Null only for a lock without the policy.
 */
export function privacyPolicyInForce(
  lang: unknown,
  now: Date,
  legalLock: LegalLock = lock as LegalLock,
): PolicyVersion | null {
  const texts = legalLock.documents[POLICY] ?? {}
  const shown = isLanguageCode(lang) && texts[lang] ? lang : DEFAULT_LANGUAGE
  const text = texts[shown]
  if (!text) return null
  const versions = [...text.archive, text.current].sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
  const inForce = versions[
    indexInForce(
      versions.map((version) => version.effectiveDate),
      utcDay(now),
    )
  ] as LockedVersion
  return { lang: shown, effectiveDate: inForce.effectiveDate, sha256: inForce.sha256 }
}
