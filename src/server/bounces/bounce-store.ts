import type { BounceKind } from "../waitlist/deliveries"
import type { BounceOutcome } from "../store/suppression-records"

export type { BounceOutcome }

/** Bounces, complaints and suppressed addresses, as the store keeps them (see migration 0005). */
export interface BounceStore {
  /** The delivery a tag names (see deliveryTag), when its signature is this waitlist's; null otherwise. */
  deliveryOfTag(tag: string): Promise<number | null>
  /** Counts a bounce or complaint of a delivery once, suppressing the address it went to when it calls for that (see recordBounce). */
  record(deliveryId: number, kind: BounceKind, detail: string | null, now: Date): Promise<BounceOutcome>
  /** Whether an address gets no mail. */
  isSuppressed(address: string): Promise<boolean>
  /** Lifts an address's suppression; false when it was not suppressed. */
  unsuppress(address: string, now: Date): Promise<boolean>
}
