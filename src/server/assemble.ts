/**
 * The server's parts, put together once from the settings: the database,
 * the outbox's worker with each feature's kinds of delivery, the counters,
 * the periodic jobs and what the route table's handlers work with. The
 * server, `gatsby develop` and the tests start here; nothing is started by it.
 */
import { erasuresMadeFinal } from "./people/erasure"
import { siteFacts } from "../config/site-facts"
import type { RouteParts } from "./app"
import { forgetOldLogins } from "./admin/admin-queries"
import { announcementMailKind } from "./announcements/announcement-mail"
import { forgetOldAuditAddresses } from "./audit/audit-log"
import { BounceMailbox } from "./bounces/bounce-mailbox"
import { bounceMetrics } from "./bounces/bounce-metrics"
import { openDb, type Db } from "./db/db"
import { guardMailHealth } from "./mail-health/health-guard"
import { createSendMail, type SendMail } from "./mails/mail-transport"
import type { Logger } from "./observability/logger"
import type { Metrics } from "./observability/metrics"
import { deliverer } from "./outbox/deliver"
import { MailPace, pacedSendMail } from "./outbox/mail-pace"
import { outboxMetrics } from "./outbox/outbox-metrics"
import type { DeliveryKinds } from "./outbox/deliveries"
import { OutboxWorker } from "./outbox/outbox-worker"
import { forgetOldNetworks } from "./referrals/referral-upkeep"
import { rewardAlertKind } from "./rewards/reward-alert"
import { rewardsJob } from "./rewards/reward-job"
import { rewardMailKind } from "./rewards/reward-mail"
import { createScheduler, type Job, type Scheduler } from "./scheduler"
import type { MailSettings, Settings } from "./settings"
import { confirmationMailKind } from "./signup/confirmation-mail"
import { keepLineFor } from "./referrals/line"
import { forgetOldSubmissionCounts } from "./rate-limits/client-rate-limit"
import { reminderMailKind } from "./signup/reminder-mail"
import { sequenceMailKind } from "./sequences/sequence-mail"
import { sequenceJob, type SequenceIo } from "./sequences/sequence-service"
import { teamMailKind } from "./signup/team-mail"
import { webhookEventKind } from "./signup/webhook-events"
import { ownOrigins } from "./http/same-origin"
import { siteHostsOf } from "./visits/site-hosts"
import { FLUSH_EVERY_MS, VisitCounter } from "./visits/visit-counter"
import { dayOf } from "./visits/visit-day"
import { closeVisitDays } from "./visits/visit-queries"
import { StoreClickCounter } from "./visits/store-clicks"

/** How often the housekeeping jobs run. */
const HOUSEKEEPING_EVERY_MS = 60_000
const HOUR_MS = 60 * 60 * 1000

export type Assembly = {
  db: Db
  worker: OutboxWorker
  /** The reader of the bounce mailbox (BOUNCE_IMAP_URL); null without one. */
  bounceMailbox: BounceMailbox | null
  /** The counter of visits; null when VISIT_COUNTING is 0. */
  visits: VisitCounter | null
  /** The counter of the browsers /get sends to a store; null when VISIT_COUNTING is 0. */
  storeClicks: StoreClickCounter | null
  /** Every periodic job (see periodicJobs), not started. */
  scheduler: Scheduler
  /** What the route table's handlers work with. */
  routes: RouteParts
}

/** How often the server looks for erasures made by the command line: their bytes leave the files within a minute. */
const ERASURES_CHECKED_EVERY_MS = 30_000

/** The periodic jobs, each its feature's (docs/architecture.md lists them, as the log names them). */
export function periodicJobs(
  db: Db,
  visits: VisitCounter | null,
  storeClicks: StoreClickCounter | null,
  bounceMailbox: BounceMailbox | null,
  mailHealth: { mail: MailSettings; sendMail: SendMail },
  referralBoost: number,
  sequences: Job,
  rewards: Job,
): Job[] {
  return [
    rewards,
    {
      name: "referrals: forget the networks of sign-ups older than 30 days",
      everyMs: HOUR_MS,
      run: (now) => forgetOldNetworks(db, now),
    },
    {
      name: "referrals: keep the line for REFERRAL_BOOST",
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: () => keepLineFor(db, referralBoost),
    },
    {
      name: "mail health: alert the team, pause the sends past the mailbox providers' limits",
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: (now) => guardMailHealth(db, mailHealth, now),
    },
    {
      name: "sign-up: forget counts older than the rate limit's window",
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: (now) => forgetOldSubmissionCounts(db, now),
    },
    {
      name: "admin: forget old failed logins and ended sessions",
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: (now) => forgetOldLogins(db, now),
    },
    {
      name: "audit: keep only the hash of addresses older than 30 days",
      everyMs: HOUSEKEEPING_EVERY_MS,
      run: (now) => forgetOldAuditAddresses(db, now),
    },
    {
      name: "people: rewrite the database's files after an erasure made elsewhere",
      everyMs: ERASURES_CHECKED_EVERY_MS,
      run: erasuresMadeFinal(db),
    },
    ...(visits
      ? [
          { name: "visits: write the counts", everyMs: FLUSH_EVERY_MS, run: () => visits.flush() },
          {
            name: "visits: close the past days and delete their salts",
            everyMs: HOUSEKEEPING_EVERY_MS,
            run: (now: Date) => closeVisitDays(db, dayOf(now)),
          },
        ]
      : []),
    ...(storeClicks
      ? [{ name: "visits: write the store clicks", everyMs: FLUSH_EVERY_MS, run: () => storeClicks.flush() }]
      : []),
    ...(bounceMailbox ? [bounceMailbox.job] : []),
    sequences,
  ]
}

/** How the outbox writes and settles each kind of delivery, each kind's own: the team's mail, the confirmation and its reminder (sign-up), the rewards' mail and alerts, the announcements', the sequences' (read from SEQUENCES_DIR), and the webhook's events. */
export function deliveryKinds(db: Db, { mail, sequencesDir }: Pick<Settings, "mail" | "sequencesDir">): DeliveryKinds {
  return {
    notify: teamMailKind(mail),
    confirm: confirmationMailKind(db, mail),
    reminder: reminderMailKind(db, mail),
    reward: rewardMailKind(db, mail),
    "reward-alert": rewardAlertKind(mail),
    announcement: announcementMailKind(db, mail),
    sequence: sequenceMailKind(db, mail, sequencesDir),
    webhook: webhookEventKind,
  }
}

/** Puts the server's parts together from the settings, logging through `log`, counting in `metrics`, reading the time from `now` (tests move it). */
export function assemble(
  settings: Settings,
  { log, metrics, now = () => new Date() }: { log: Logger; metrics: Metrics; now?: () => Date },
): Assembly {
  const { mail } = settings
  const db = openDb(settings.store, log)
  const pace = new MailPace(mail.rate)
  const bounceMailbox = settings.bounceMailbox
    ? new BounceMailbox({
        settings: settings.bounceMailbox,
        db,
        bounceAddress: mail.bounceAddress,
        log,
        onCounted: (kind) => bounces.counted(kind, "mailbox"),
      })
    : null
  const bounces = bounceMetrics(metrics.registry, bounceMailbox ? () => bounceMailbox.readable() : null)
  const deliveryCounted = outboxMetrics(metrics.registry, db)
  const worker = new OutboxWorker({
    db,
    kinds: deliveryKinds(db, settings),
    send: deliverer(pacedSendMail(createSendMail(mail, log), pace), mail.webhook),
    leaseMs: mail.leaseMs,
    retryBaseMs: mail.retryBaseMs,
    log,
    pace,
    bounceAddress: mail.bounceAddress,
    now,
    onOutcome: (delivery, outcome, bounce) => {
      deliveryCounted(delivery, outcome)
      if (bounce) bounces.counted(bounce, "smtp")
    },
  })
  // An admin's test of a list mail and the team's health alert: at the pace of every mail of the process, each of their few mails over a connection of its own, as the CLI's are.
  const onDemand = pacedSendMail(createSendMail(mail, log, { pooled: false }), pace)
  const siteHosts = siteHostsOf(settings)
  const visits = settings.countVisits
    ? new VisitCounter({
        db,
        trustProxy: settings.trustProxy,
        ownHosts: siteHosts,
        log,
        metrics: metrics.registry,
        now,
      })
    : null
  const storeClicks = settings.countVisits
    ? new StoreClickCounter({ db, log, metrics: metrics.registry, trustProxy: settings.trustProxy, now })
    : null
  const sequences: SequenceIo = {
    db,
    dir: settings.sequencesDir,
    mail,
    sendMail: onDemand,
    now,
    referralBoost: settings.referralBoost,
  }
  const routes: RouteParts = {
    settings,
    db,
    log,
    registry: metrics.registry,
    now,
    queued: (kinds) => worker.wake(kinds),
    announcements: {
      db,
      dir: settings.announcementsDir,
      mail,
      sendMail: onDemand,
      now,
      referralBoost: settings.referralBoost,
      rewardsFile: settings.rewards.file,
    },
    sequences,
    siteHosts,
    allowedOrigins: ownOrigins([siteFacts.siteUrl, mail.siteUrl], settings.host, settings.port),
    storeClicks,
  }
  return {
    db,
    worker,
    bounceMailbox,
    visits,
    storeClicks,
    scheduler: createScheduler(
      periodicJobs(
        db,
        visits,
        storeClicks,
        bounceMailbox,
        { mail, sendMail: onDemand },
        settings.referralBoost,
        sequenceJob(sequences, log, () => worker.wake(["sequence"])),
        rewardsJob({ db, rewards: settings.rewards, mail, log, queued: (kinds) => worker.wake(kinds) }),
      ),
      { log, now },
    ),
    routes,
  }
}
