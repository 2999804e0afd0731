/** The most of `times` (ms) that fall in any one window of `windowMs`, half-open as a second is. */
export function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while ((sorted[last] ?? 0) - (sorted[first] ?? 0) >= windowMs) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}
