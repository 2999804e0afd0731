/** A wave as the admin's API and the CLI read it. */
import { z } from "zod"
import { PLATFORMS } from "../../waitlist/wave"

/** The largest `--first`: more than any waitlist holds. */
export const MAX_FIRST = 100_000_000

/** A wave as the admin's API and the CLI take it: `first` a whole number from 1, `lang` a language code, `platform` one of PLATFORMS, `rewarded` a tier's name. */
export const waveSchema = z.object({
  first: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_FIRST)
    .nullish()
    .transform((value) => value ?? null),
  lang: z
    .string()
    .regex(/^[a-z]{2}(?:-[a-z]{2})?$/)
    .nullish()
    .transform((value) => value ?? null),
  platform: z
    .enum(PLATFORMS)
    .nullish()
    .transform((value) => value ?? null),
  rewarded: z
    .string()
    .regex(/^[a-z\d](?:[a-z\d-]{0,62}[a-z\d])?$/)
    .nullish()
    .transform((value) => value ?? null),
})
