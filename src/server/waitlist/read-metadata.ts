import type { ContactMetadata, StoredMetadata } from "../../waitlist/submission"

/** The largest metadata the waitlist keeps, written as JSON. */
export const METADATA_MAX_BYTES = 8 * 1024
/** `languages` and `utm` are short lists in any real browser; these bounds are far above what one sends. */
export const METADATA_LIMITS = { languages: 32, utmPairs: 32, utmKey: 64, utmValue: 512 } as const

type Reader<T> = { describe: string; read: (value: unknown) => T | undefined }

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const text: Reader<string> = { describe: "text", read: (value) => (typeof value === "string" ? value : undefined) }
const finiteNumber: Reader<number> = {
  describe: "a number",
  read: (value) => (typeof value === "number" && Number.isFinite(value) ? value : undefined),
}
const textList: Reader<string[]> = {
  describe: `a list of at most ${METADATA_LIMITS.languages} texts`,
  // The length is checked before any element is looked at.
  read: (value) =>
    Array.isArray(value) && value.length <= METADATA_LIMITS.languages && value.every((item) => typeof item === "string")
      ? [...(value as string[])]
      : undefined,
}
const flatTextMap: Reader<Record<string, string>> = {
  describe: `at most ${METADATA_LIMITS.utmPairs} pairs of short texts`,
  read: (value) => {
    if (!isPlainObject(value)) return undefined
    const pairs: [string, string][] = []
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue
      const item = value[key]
      if (pairs.length === METADATA_LIMITS.utmPairs || typeof item !== "string") return undefined
      if (key.length > METADATA_LIMITS.utmKey || item.length > METADATA_LIMITS.utmValue) return undefined
      pairs.push([key, item])
    }
    return Object.fromEntries(pairs)
  },
}

/** Each field of spec §3 and what it must be. The order is the order the waitlist stores them in. */
const FIELDS: { [Field in keyof ContactMetadata]: Reader<NonNullable<ContactMetadata[Field]>> } = {
  userAgent: text,
  platform: text,
  vendor: text,
  language: text,
  languages: textList,
  screenResolution: text,
  windowResolution: text,
  pixelRatio: finiteNumber,
  timezone: text,
  timezoneOffset: finiteNumber,
  timestamp: text,
  connectionType: text,
  referrer: text,
  previousPage: text,
  utm: flatTextMap,
  locale: text,
}

const FIELD_READERS = Object.entries(FIELDS) as [keyof ContactMetadata, Reader<unknown>][]

export type MetadataReading = { ok: true; metadata: StoredMetadata } | { ok: false; problem: string }

/**
 * Reads the metadata of a submission against spec §3 without walking
 * anything it does not know: each known field must have its type (null or
 * absent is stored as null), any other key is dropped unread, and the
 * result must fit in 8 KB of JSON. Nested values are only looked into where
 * the spec has them (`languages`, `utm`), one level deep.
 */
export function readMetadata(value: unknown): MetadataReading {
  if (!isPlainObject(value)) return { ok: false, problem: "Metadata must be an object" }
  const metadata: Record<string, unknown> = {}
  for (const [field, reader] of FIELD_READERS) {
    const given = Object.prototype.hasOwnProperty.call(value, field) ? value[field] : undefined
    if (given === undefined || given === null) {
      metadata[field] = null
      continue
    }
    const read = reader.read(given)
    if (read === undefined) return { ok: false, problem: `Metadata field ${field} must be ${reader.describe}` }
    metadata[field] = read
  }
  // Every value is now flat or one level deep and bounded by the body, so writing it out is safe.
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) {
    return { ok: false, problem: "Metadata must be at most 8 KB" }
  }
  return { ok: true, metadata: metadata as StoredMetadata }
}
