/**
 * A count as the command lines write it in English: "1 mail", "2 mails",
 * "0 mails"; a noun whose plural is not `<noun>s` names it ("1 entry",
 * "3 entries").
 */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`
}
