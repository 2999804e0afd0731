/**
 * Where the CLI writes the previews of a list mail: a folder per mail
 * (`.data/announcements/<name>/`, `.data/sequences/<name>/`), each
 * language's mail as an .eml file a mail client opens and as its HTML.
 */
import path from "path"
import type { MailMessage } from "../mails/mail-message"

/** Where the previews go, and how they are written. */
export type PreviewFiles = {
  previewDir: string
  /** Writes a preview file, its folder made first. */
  writeFile: (file: string, data: string | Buffer) => void
  /** Writes a mail as an .eml file's bytes. */
  eml: (mail: MailMessage) => Promise<Buffer>
}

/** Writes each language's mail of `name` as `<lang>.eml` and `<lang>.html` into its folder; gives the files written. */
export async function writePreviews(
  io: PreviewFiles,
  name: string,
  mails: { lang: string; mail: MailMessage }[],
): Promise<string[]> {
  const files: string[] = []
  for (const { lang, mail } of mails) {
    const base = path.join(io.previewDir, name, lang)
    io.writeFile(`${base}.eml`, await io.eml(mail))
    io.writeFile(`${base}.html`, mail.html ?? "")
    files.push(`${base}.eml`, `${base}.html`)
  }
  return files
}
