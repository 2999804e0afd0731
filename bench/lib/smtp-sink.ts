import { SMTPServer } from "smtp-server"

/** A local SMTP server that takes every mail and only counts it, with the time each arrived. */
export type SmtpSink = {
  url: string
  arrivals: number[]
  waitFor: (count: number, timeoutMs: number) => Promise<boolean>
  close: () => Promise<void>
}

/** Starts an SMTP sink on 127.0.0.1:port (no TLS, no login), as fast a receiver as a mail server can be. */
export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const arrivals: number[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.resume()
      stream.on("end", () => {
        arrivals.push(performance.now())
        callback()
      })
    },
  })
  // A sender that goes away mid-session (a server stopped while it
  // delivers) resets its connection: that is no failure of the sink.
  server.on("error", () => {})
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  const waitFor = async (count: number, timeoutMs: number) => {
    const giveUp = Date.now() + timeoutMs
    while (arrivals.length < count && Date.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 50))
    return arrivals.length >= count
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
