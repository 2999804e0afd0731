/** The attribute that marks where the current year is written. */
export const CURRENT_YEAR_ATTRIBUTE = "data-current-year"

/**
 * An inline script at the end of every page: replaces the year of the build
 * with the visitor's current year wherever the attribute marks it, so an
 * old build never shows last year, even on pages that load no other JavaScript.
 * A mark that already shows the year is left alone: rewriting it would lay
 * the page out again while it first paints.
 */
export const currentYearScript = `(function () {
  var year = String(new Date().getFullYear());
  var marks = document.querySelectorAll("[${CURRENT_YEAR_ATTRIBUTE}]");
  for (var i = 0; i < marks.length; i++) if (marks[i].textContent !== year) marks[i].textContent = year;
})();`
