/**
 * Whether JSON text nests arrays and objects more than `maxDepth` levels
 * deep, found in one pass over the text before it is parsed, so that no
 * later walk of the value (JSON.stringify, a validator) ever meets a depth
 * that could overflow its stack. Brackets inside strings do not count.
 * Malformed text is left for JSON.parse to refuse.
 */
export function exceedsJsonDepth(text: string, maxDepth: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 0x5c /* \ */) i += 1
      else if (char === 0x22 /* " */) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1
      if (depth > maxDepth) return true
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1
    }
  }
  return false
}
