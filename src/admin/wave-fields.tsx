import { LANGUAGES } from "../i18n/languages"
import { AdminField } from "./admin-field"
import type { RewardsAnswer } from "../admin-api/referrals"
import { useAdminData } from "./use-admin-data"

/** A wave as the send dialog's fields hold it: empty texts narrow nothing. */
export type WaveInput = { first: string; lang: string; platform: string; rewarded: string }

export const WHOLE_LIST_INPUT: WaveInput = { first: "", lang: "", platform: "", rewarded: "" }

/** The wave's query for the audience route, and its body for the send. */
export const waveQuery = (wave: WaveInput) =>
  new URLSearchParams(Object.entries(wave).filter(([, value]) => value !== "")).toString()
export const waveBody = (wave: WaveInput) => ({
  ...(wave.first ? { first: wave.first } : {}),
  ...(wave.lang ? { lang: wave.lang } : {}),
  ...(wave.platform ? { platform: wave.platform } : {}),
  ...(wave.rewarded ? { rewarded: wave.rewarded } : {}),
})

const selectStyle = { variant: "forms.input" } as const

/** The fields that narrow a send to a wave: the first N in line, a language, a platform, a reward's tier (the tiers of the rewards' file). */
export function WaveFields({
  slug,
  wave,
  onChange,
}: {
  slug: string
  wave: WaveInput
  onChange: (wave: WaveInput) => void
}) {
  const rewards = useAdminData<RewardsAnswer>("rewards")
  const tiers = rewards.state === "done" ? rewards.data.tiers : []
  return (
    <fieldset sx={{ border: "none", p: 0, m: 0 }}>
      <legend sx={{ fontWeight: "bold", mb: 3 }}>A wave (optional)</legend>
      <AdminField
        id={`${slug}-first`}
        label="Only the first places in line"
        inputMode="numeric"
        maxLength={9}
        value={wave.first}
        onChange={(first) => onChange({ ...wave, first: first.trim() })}
        hint="Places 1 to this number who have not had it yet; empty for everyone."
      />
      <div sx={{ display: "flex", flexDirection: "column", mb: 4 }}>
        <label htmlFor={`${slug}-lang`} sx={{ variant: "forms.label" }}>
          Only readers of
        </label>
        <select
          id={`${slug}-lang`}
          value={wave.lang}
          onChange={(event) => onChange({ ...wave, lang: event.target.value })}
          sx={selectStyle}
        >
          <option value="">Every language</option>
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </div>
      <div sx={{ display: "flex", flexDirection: "column", mb: 4 }}>
        <label htmlFor={`${slug}-platform`} sx={{ variant: "forms.label" }}>
          Only sign-ups from
        </label>
        <select
          id={`${slug}-platform`}
          value={wave.platform}
          onChange={(event) => onChange({ ...wave, platform: event.target.value })}
          sx={selectStyle}
        >
          <option value="">Every platform</option>
          <option value="ios">iOS</option>
          <option value="android">Android</option>
          <option value="desktop">A desktop</option>
        </select>
      </div>
      <div sx={{ display: "flex", flexDirection: "column", mb: 4 }}>
        <label htmlFor={`${slug}-rewarded`} sx={{ variant: "forms.label" }}>
          Only those who earned
        </label>
        <select
          id={`${slug}-rewarded`}
          value={wave.rewarded}
          onChange={(event) => onChange({ ...wave, rewarded: event.target.value })}
          sx={selectStyle}
        >
          <option value="">Anyone, rewarded or not</option>
          {tiers.map((tier) => (
            <option key={tier.name} value={tier.name}>
              {tier.name} ({tier.friends} friends)
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  )
}
