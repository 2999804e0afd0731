/** A run of a headline's line, in the accent color when `highlighted`. */
export type HeadlineRun = { text: string; highlighted: boolean }

type Unit = HeadlineRun[]

const plainUnits = (text: string): Unit[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => [{ text: word, highlighted: false }])

/** The headline as units that a line break may not split: words, and the highlighted phrase with what touches it. */
function unitsOf(headline: string, highlight: string): Unit[] {
  const at = highlight ? headline.indexOf(highlight) : -1
  if (at < 0) return plainUnits(headline)
  const before = plainUnits(headline.slice(0, at))
  const after = plainUnits(headline.slice(at + highlight.length))
  const phrase: Unit = [{ text: highlight, highlighted: true }]
  // "(one story)" or "one story." keep their punctuation on the phrase's line.
  if (before.length && !/\s$/.test(headline.slice(0, at))) phrase.unshift(...(before.pop() ?? []))
  if (after.length && !/^\s/.test(headline.slice(at + highlight.length))) phrase.push(...(after.shift() ?? []))
  return [...before, phrase, ...after]
}

const lengthOf = (runs: HeadlineRun[]) => runs.reduce((sum, run) => sum + run.text.length, 0)

/**
 * Breaks the headline into lines of at most `maxChars` characters for an
 * image, where text does not wrap by itself. The highlighted phrase is never
 * split; a unit longer than a line gets a line of its own.
 * @returns the lines, each a list of runs, spaces included
 */
export function wrapHeadline(headline: string, highlight: string, maxChars: number): HeadlineRun[][] {
  const lines: HeadlineRun[][] = []
  for (const unit of unitsOf(headline, highlight)) {
    const line = lines[lines.length - 1]
    if (line && lengthOf(line) + 1 + lengthOf(unit) <= maxChars) line.push({ text: " ", highlighted: false }, ...unit)
    else lines.push([...unit])
  }
  return lines
}
