/** The attribute by which an island's element names its script (see src/components/*-island.tsx). */
export const ISLAND_SRC_ATTRIBUTE = "data-island-src"

/**
 * An inline script for every page: starts the page's islands once the
 * browser reports its first contentful paint, or on load where it reports
 * no paint timing. A `<script src>` in the HTML was fetched before that
 * paint, and Lighthouse's simulation of a slow phone then put the paint
 * late on `/contact` in about two runs of five (docs/benchmarks.md). What
 * a visitor types before the island runs is kept: the island reads it.
 */
export const startIslandsScript = `(function () {
  var marks = document.querySelectorAll("[${ISLAND_SRC_ATTRIBUTE}]");
  if (!marks.length) return;
  function start() {
    for (var i = 0; i < marks.length; i++) {
      var script = document.createElement("script");
      script.type = "module";
      script.src = marks[i].getAttribute("${ISLAND_SRC_ATTRIBUTE}");
      document.head.appendChild(script);
    }
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!types || types.indexOf("paint") < 0) return addEventListener("load", start);
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
})();`
