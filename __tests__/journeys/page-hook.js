// The journeys' page hook (__tests__/journeys/): site-front.ts makes it the first script of every page it serves,
// so it runs before the site's own, in every engine alike.
// 1. Page errors: WebKitGTK's WebDriver reports no console messages and no uncaught errors, so the page reports
//    its own to the harness: uncaught errors (React reports its recoverable ones, #418 #421 #423, with
//    reportError, which fires one), unhandled rejections (a ChunkLoadError), console.error, and Content-Security-
//    Policy violations; each is kept in `__journeys.errors` and sent to /__journeys/errors at once, so those of a
//    page already left are counted too.
// 2. A clock the journey moves: timers of 1 to 60 s (the spec's 30 s popup, 2 s close, 5 s message) run
//    only when the journey calls `__journeys.advance(ms)`, which also moves performance.now() on (the forms' "how
//    long was it shown" signal); shorter timers run as usual. Playwright's clock does this for
//    the Chromium suite; WebDriver has no clock.
/* global window, document, navigator, location */
(function () {
  var errors = [];
  function report(kind, message) {
    var entry = { kind: kind, page: location.pathname, message: String(message).slice(0, 800) };
    errors.push(entry);
    try {
      navigator.sendBeacon("/__journeys/errors", JSON.stringify(entry));
    } catch {
      // the entry stays in __journeys.errors
    }
  }
  window.addEventListener("error", function (event) {
    report("uncaught error", event.message || (event.error && event.error.message) || "error");
  });
  window.addEventListener("unhandledrejection", function (event) {
    var reason = event.reason;
    report("unhandled rejection", (reason && (reason.name ? reason.name + ": " : "") + reason.message) || reason);
  });
  document.addEventListener("securitypolicyviolation", function (event) {
    report("CSP violation", event.violatedDirective + " " + event.blockedURI);
  });
  var consoleError = console.error;
  console.error = function () {
    report("console.error", Array.prototype.map.call(arguments, String).join(" "));
    return consoleError.apply(console, arguments);
  };

  // WebKitGTK's WebDriver times its scripts with the page's setTimeout (run.ts gives them minutes): left alone
  var LONG_MS = 1000;
  var LONGEST_MS = 60000;
  var offset = 0;
  var perfNow = performance.now.bind(performance);
  var dateNow = Date.now;
  performance.now = function () {
    return perfNow() + offset;
  };
  var clock = function () {
    return dateNow() + offset;
  };
  var setTimeoutNative = window.setTimeout;
  var clearTimeoutNative = window.clearTimeout;
  var waiting = new Map();
  var nextId = 1e9;
  window.setTimeout = function (callback, delay) {
    if (!(Number(delay) >= LONG_MS && Number(delay) <= LONGEST_MS) || typeof callback !== "function")
      return setTimeoutNative.apply(window, arguments);
    nextId += 1;
    waiting.set(nextId, { due: clock() + Number(delay), callback: callback, args: [].slice.call(arguments, 2) });
    return nextId;
  };
  window.clearTimeout = function (id) {
    if (waiting.has(id)) waiting.delete(id);
    else clearTimeoutNative(id);
  };
  function advance(ms) {
    offset += ms;
    for (;;) {
      var now = clock();
      var dueId = null;
      waiting.forEach(function (timer, id) {
        if (timer.due <= now && (dueId === null || timer.due < waiting.get(dueId).due)) dueId = id;
      });
      if (dueId === null) return;
      var timer = waiting.get(dueId);
      waiting.delete(dueId);
      timer.callback.apply(window, timer.args);
    }
  }

  window.__journeys = { errors: errors, advance: advance };
})();
