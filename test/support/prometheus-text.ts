/** One sample of a scrape: its family's name, its labels and its value. */
export type Sample = { name: string; labels: Record<string, string>; value: number }

/** The labels of a sample's `{a="1",b="2"}`, read one pair at a time (the values here hold no quotes or commas). */
function labelsOf(inside: string): Record<string, string> {
  const labels: Record<string, string> = {}
  for (const pair of inside.split('",')) {
    const equals = pair.indexOf("=")
    if (equals > 0) labels[pair.slice(0, equals)] = pair.slice(equals + 2).replace(/"$/, "")
  }
  return labels
}

/** The samples of a text in Prometheus' exposition format (comments left out). */
export function parsePrometheusText(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const space = line.lastIndexOf(" ")
      const series = line.slice(0, space)
      const brace = series.indexOf("{")
      const name = brace === -1 ? series : series.slice(0, brace)
      return {
        name,
        labels: brace === -1 ? {} : labelsOf(series.slice(brace + 1, -1)),
        value: Number(line.slice(space + 1)),
      }
    })
}

/** The samples of a family whose labels include `labels`. */
export const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] =>
  samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  )

/** The value of the one sample of a family with these labels (summed when several match); 0 when none does. */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}): number =>
  samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0)
