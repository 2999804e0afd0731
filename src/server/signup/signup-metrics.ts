/**
 * The sign-ups' family on the metrics' registry: what became of each, and
 * why one was refused, in a few fixed words.
 */
import { Counter, type Registry } from "prom-client"
import { METRIC_PREFIX } from "../observability/metrics"
import type { TakenAs } from "./sign-up"

/** Why a sign-up was refused, as the API's answer says. */
export type SignupRefusal =
  "method" | "cross_site" | "media_type" | "too_deep" | "malformed" | "invalid" | "rate_limited" | "unavailable"

export type SignupMetrics = { taken(as: TakenAs): void; refused(reason: SignupRefusal): void }

const families = new WeakMap<Registry, Counter<"outcome" | "reason">>()

/** The sign-ups' counter of a registry, added to it the first time. */
export function signupMetrics(registry: Registry): SignupMetrics {
  let signups = families.get(registry)
  if (!signups) {
    signups = new Counter({
      name: `${METRIC_PREFIX}signups_total`,
      help: "Sign-ups by outcome (new, repeat, repeat_discarded, bot, refused) and a refusal's reason.",
      labelNames: ["outcome", "reason"],
      registers: [registry],
    })
    families.set(registry, signups)
  }
  const counter = signups
  return {
    taken: (as) => counter.inc({ outcome: as, reason: "" }),
    refused: (reason) => counter.inc({ outcome: "refused", reason }),
  }
}
