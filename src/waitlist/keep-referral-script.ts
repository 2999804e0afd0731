import { REFERRAL_CODE_PATTERN } from "./referral-code"
import { REFERRAL_KEY } from "./referral-of-visit"

/**
 * An inline script for every page: when the page's address carries a
 * personal code (`?ref=k3T9xQ2a`, where `/r/<code>` leads), it keeps the
 * code in the tab's session storage, where the contact form's island finds
 * it (see referralOfVisit), whatever pages and languages the visit passes
 * through before the form. Never a cookie: nothing leaves the browser
 * before the form is sent. Plain ES5 in a string, like the other inline
 * scripts, and a refused storage (a private mode) must not break the page.
 */
export const keepReferralScript = `(function () {
  var code = /[?&]ref=([^&#]*)/.exec(location.search);
  if (!code || !${REFERRAL_CODE_PATTERN}.test(code[1])) return;
  try { sessionStorage.setItem("${REFERRAL_KEY}", code[1]); } catch (e) {}
})();`
