import type { ConsentRecord, PersonExport } from "../../admin-api/person-export"
import { siteFacts } from "../../config/site-facts"
import type { PersonRecord } from "./people-queries"
import type { DeliveryKind } from "../outbox/deliveries"
import type { PolicyVersion } from "../entries/privacy-policy-version"
import { SKIP_REASONS, type SkipReason } from "../../admin-api/sequences"

/** What each kind of delivery is, said for the person who reads their data. */
const DELIVERY_KINDS: Record<DeliveryKind, string> = {
  confirm: "a mail to you asking to confirm your address",
  reminder: "the one mail to you reminding you to confirm your address",
  notify: "a mail to our team telling of your message",
  reward: "a mail to you with a reward your friends earned you (see rewards)",
  "reward-alert":
    "a mail to our team saying that the store codes of a reward you earned ran out (it names neither you nor your address)",
  announcement: "a mail to you announcing news of the app (see announcementMails)",
  sequence: "a mail to you of the waitlist's series timed from your confirmation (see sequenceMails)",
  webhook: "an event sent to our own systems about your sign-up",
}

/** A policy version as the export names it: which text, in which language, with the hash that identifies it; or what we do not know. */
const consentOf = (policy: PolicyVersion | null): ConsentRecord =>
  policy
    ? { document: "privacy-policy", language: policy.lang, effectiveDate: policy.effectiveDate, sha256: policy.sha256 }
    : "unknown: not recorded before this was kept"

/**
 * Everything the waitlist holds about one address, as the file handed to
 * that person (GDPR Art. 15) and the person's page, with the privacy
 * policy's version of each consent (Art. 7(1)). What they wrote is data here, never markup.
 */
export function personExport(address: string, record: PersonRecord, now: Date): PersonExport {
  const { entry } = record
  return {
    about: `The data ${siteFacts.companyName} holds about ${address} on the ${siteFacts.appName} waitlist, exported ${now.toISOString()}.`,
    address,
    exportedAt: now.toISOString(),
    entry: entry && {
      name: entry.name,
      email: entry.email,
      signedUpAt: entry.createdAt.toISOString(),
      lastMessageAt: entry.updatedAt.toISOString(),
      language: entry.lang,
      cameFrom: entry.source,
    },
    confirmation: entry && {
      confirmedAt: entry.confirmedAt?.toISOString() ?? null,
      privacyPolicyWhenConfirmed: entry.confirmedAt ? consentOf(entry.confirmedPolicy) : null,
      confirmationMailsSent: entry.confirmationMailsSent,
      lastConfirmationMailAt: entry.lastConfirmationMailAt?.toISOString() ?? null,
      confirmationLinkExpiresAt: entry.confirmationLinkExpiresAt?.toISOString() ?? null,
      unsubscribeLinks: entry.leaveLinks,
    },
    messages: record.messages.map((message) => ({
      sentAt: message.submittedAt.toISOString(),
      name: message.name,
      message: message.message,
      metadata: message.metadata,
      privacyPolicyInForce: consentOf(message.policy),
    })),
    mails: record.deliveries.map((delivery) => ({
      kind: delivery.kind,
      what: DELIVERY_KINDS[delivery.kind as DeliveryKind] ?? delivery.kind,
      status: delivery.status,
      queuedAt: delivery.queuedAt.toISOString(),
      sentAt: delivery.sentAt?.toISOString() ?? null,
      attempts: delivery.attempts,
    })),
    announcementMails: record.announcementMails.map((mail) => ({
      announcement: mail.slug,
      language: mail.lang,
      queuedAt: mail.queuedAt?.toISOString() ?? null,
      sentAt: mail.sentAt?.toISOString() ?? null,
      outcome: mail.outcome,
      bouncedAt: mail.bouncedAt?.toISOString() ?? null,
      complainedAt: mail.complainedAt?.toISOString() ?? null,
    })),
    sequenceMails: record.sequenceMails.map((mail) => ({
      step: mail.step,
      decision:
        mail.state === "queued"
          ? "mailed to you (see mails)"
          : `not mailed: ${SKIP_REASONS[mail.reason as SkipReason] ?? mail.reason ?? "skipped"}`,
      language: mail.lang,
      decidedAt: mail.decidedAt.toISOString(),
    })),
    suppression: record.suppression && {
      note: "While a suppression is in force, no mail of any kind is sent to the address. It is kept as a keyed hash of the address only, after an erasure too, so that an address that bounced or reported our mail as spam is not mailed again.",
      suppressedAt: record.suppression.suppressedAt.toISOString(),
      reason: record.suppression.reason,
      liftedAt: record.suppression.liftedAt?.toISOString() ?? null,
    },
    bounces: record.bounces.map((bounce) => ({ kind: bounce.kind, receivedAt: bounce.receivedAt.toISOString() })),
    afterLeaving: record.departure && {
      note: "Kept after the entry left, as a keyed hash of the address only, so that signing up again does not send more confirmation mails than allowed.",
      leftAt: record.departure.leftAt.toISOString(),
      confirmationMailsSent: record.departure.confirmationMailsSent,
    },
    erasures: record.erasures.map(({ erasedAt }) => ({ erasedAt: erasedAt.toISOString() })),
    referrals: record.referrals && {
      note: "Your personal link's code (given when you confirmed), how many people signed up through it by where each stands (credited, pending, held for review or refused; their addresses are theirs, so only counts), and whether you came through someone's personal link: when, the network you signed up from (its /24 or /48, kept 30 days), and any reason the referral was held for review.",
      personalCode: record.referrals.personalCode,
      friends: record.referrals.friends,
      cameThroughAPersonalLink: record.referrals.cameThroughALink && {
        state: record.referrals.cameThroughALink.state,
        signedUpAt: record.referrals.cameThroughALink.signedUpAt.toISOString(),
        decidedAt: record.referrals.cameThroughALink.decidedAt?.toISOString() ?? null,
        network: record.referrals.cameThroughALink.network,
        reasonsHeld: record.referrals.cameThroughALink.reasons.map((reason) => ({
          reason: reason.name,
          foundAt: reason.foundAt.toISOString(),
          decision: reason.decision,
        })),
      },
    },
    rewards: record.rewards.map((reward) => ({
      note: "A reward your friends earned you: its tier, where it stands (waiting, paid, held for review), and the store code it was paid with, a code the store issued that we gave you once.",
      tier: reward.tier,
      state: reward.state,
      earnedAt: reward.earnedAt.toISOString(),
      paidAt: reward.paidAt?.toISOString() ?? null,
      store: reward.platform,
      code: reward.code,
    })),
  }
}
