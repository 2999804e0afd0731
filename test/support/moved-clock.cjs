/**
 * Preloaded (`node --require`) into a production server under test to move
 * its clock ahead by MOVED_CLOCK_AHEAD_MS: every time the server reads comes
 * from `Date` (assemble.ts's `now`), so a test stands a running server days
 * after a sign-up, as the legal switch's test moves the `now` of a server in
 * its own process. Only the date read moves; timers keep real time. See
 * startSiteServer's `clockAheadMs`.
 */
const ahead = Number(process.env.MOVED_CLOCK_AHEAD_MS ?? 0)
if (ahead !== 0) {
  const RealDate = Date
  const now = () => RealDate.now() + ahead
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === "now" ? now : Reflect.get(target, key, receiver)),
  })
}
