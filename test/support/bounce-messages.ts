/** Messages as mail servers send them back to the bounce address, for tests. */

type Dsn = {
  /** The address the DSN is delivered to (the VERP address of the bounced mail). */
  to: string
  /** The Storyling-Delivery header of the returned headers; none when absent. */
  headerTag?: string
  /** The failed recipient the report names. */
  recipient?: string
  action?: string
  status?: string
}

/** A delivery status notification (RFC 3464) as Postfix writes one, with the bounced mail's headers returned. */
export function dsn({
  to,
  headerTag,
  recipient = "reader@example.org",
  action = "failed",
  status = "5.1.1",
}: Dsn): string {
  return [
    "From: MAILER-DAEMON@mx.example.net (Mail Delivery System)",
    `To: ${to}`,
    "Subject: Undelivered Mail Returned to Sender",
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="B0UND"',
    "",
    "--B0UND",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "I'm sorry to have to inform you that your message could not be delivered.",
    "",
    "--B0UND",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "Arrival-Date: Wed, 25 Nov 2026 10:00:00 +0000",
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} <${recipient}>: Recipient address rejected`,
    "",
    "--B0UND",
    "Content-Type: text/rfc822-headers",
    "",
    "From: Storyling <support@storyling.example.com>",
    `To: ${recipient}`,
    "Subject: Storyling is here",
    ...(headerTag ? [`Storyling-Delivery: ${headerTag}`] : []),
    "",
    "--B0UND--",
    "",
  ].join("\r\n")
}

/** A complaint in the Abuse Reporting Format (RFC 5965), as a mailbox provider's feedback loop sends one, with the mail returned whole. */
export function complaint({
  to,
  headerTag,
  feedbackType = "abuse",
}: {
  to: string
  headerTag?: string
  feedbackType?: string
}): string {
  return [
    "From: feedback@fbl.example.net",
    `To: ${to}`,
    "Subject: FW: Storyling is here",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF1"',
    "",
    "--ARF1",
    "Content-Type: text/plain",
    "",
    "This is an email abuse report for an email message received from IP 192.0.2.1.",
    "",
    "--ARF1",
    "Content-Type: message/feedback-report",
    "",
    `Feedback-Type: ${feedbackType}`,
    "User-Agent: ExampleFBL/1.0",
    "Version: 1",
    "Original-Mail-From: <bounces@storyling.example.com>",
    "",
    "--ARF1",
    "Content-Type: message/rfc822",
    "",
    "From: Storyling <support@storyling.example.com>",
    "To: redacted@fbl.example.net",
    "Subject: Storyling is here",
    ...(headerTag ? [`Storyling-Delivery: ${headerTag}`] : []),
    "",
    "The announcement's text.",
    "--ARF1--",
    "",
  ].join("\r\n")
}
