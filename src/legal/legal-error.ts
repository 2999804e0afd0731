/** A refusal of a legal command (a bad date, a text that is not in the lock): its message says what to do instead. */
export class LegalError extends Error {
  override name = "LegalError"
}
