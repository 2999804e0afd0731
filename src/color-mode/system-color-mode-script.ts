/** The localStorage key that mirrors the system's color-scheme preference. */
export const SYSTEM_COLOR_MODE_KEY = "system-color-mode"

/**
 * An inline script for every page: writes the system's color-scheme
 * preference ("dark" or "light") to localStorage under `system-color-mode`
 * and keeps it updated while the preference changes. It only records the
 * preference; the site's own color mode does not follow it. It is plain
 * ES5 in a string because it runs on pages that load no other JavaScript,
 * and a blocked storage (private mode) must not break the page.
 */
export const systemColorModeScript = `(function () {
  var query = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)");
  if (!query) return;
  var record = function () {
    try { localStorage.setItem("${SYSTEM_COLOR_MODE_KEY}", query.matches ? "dark" : "light"); } catch (e) {}
  };
  record();
  if (query.addEventListener) query.addEventListener("change", record);
  else if (query.addListener) query.addListener(record);
})();`
