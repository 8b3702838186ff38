// PlanRAG Assistant in the browser: remember this browser's choices across reloads.
// A random id names this browser (so a question still running when the page reloads can be
// stopped and said so), and the dataset picked in the settings panel is kept; the app reads
// both from the cookies the page's connection carries (app/chat.py, "Reload and tabs").
// When the chat has no sign-in (it then runs on this machine only, app/auth.py), a banner
// says so.
(function () {
  var MAX_AGE = 180 * 24 * 3600;

  function setCookie(name, value) {
    document.cookie = name + "=" + encodeURIComponent(value) + "; path=/; max-age=" +
      MAX_AGE + "; samesite=lax";
  }

  function hasCookie(name) {
    return document.cookie.split("; ").some(function (c) { return c.indexOf(name + "=") === 0; });
  }

  if (!hasCookie("planrag_client")) {
    var id = window.crypto && window.crypto.randomUUID ? window.crypto.randomUUID()
      : String(Date.now()) + String(Math.random()).slice(2);
    setCookie("planrag_client", id);
  }

  // The app says which dataset was picked (Chainlit's window message reaches this window).
  window.addEventListener("message", function (event) {
    if (event.origin !== window.location.origin) return;  // other sites' pages: ignored
    var data = event.data;
    if (data && typeof data === "object" && typeof data.planrag_dataset === "string" &&
        /^[a-z][a-z0-9-]{0,40}$/.test(data.planrag_dataset)) {
      setCookie("planrag_dataset", data.planrag_dataset);
    }
  });

  function openBanner() {
    if (document.getElementById("planrag-open-banner") || !document.body) return;
    var banner = document.createElement("div");
    banner.id = "planrag-open-banner";
    banner.setAttribute("role", "status");
    banner.textContent = "Open to this machine only, without sign-in. To share it with your " +
      "team: Readme, Teams.";
    document.body.appendChild(banner);
    keepRoomFor(banner);
  }

  fetch("/auth/config", { credentials: "same-origin" })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (cfg) {
      if (cfg && !cfg.requireLogin) {
        if (document.body) openBanner();
        else document.addEventListener("DOMContentLoaded", openBanner);
      }
    })
    .catch(function () { /* no banner: the page works without it */ });

  // On a narrow screen the banner is a strip across the top and the page moves down by its
  // height (public/chat.css), which depends on how many lines the text takes at that width.
  function keepRoomFor(banner) {
    function measure() {
      document.documentElement.style.setProperty("--planrag-banner-height",
        banner.offsetHeight + "px");
    }
    measure();
    if (window.ResizeObserver) new window.ResizeObserver(measure).observe(banner);
  }

  // Light or dark before the first paint. Chainlit's bundle picks the theme only once it runs,
  // from localStorage "vite-ui-theme" or else the configured default (dark): a fresh browser
  // painted a white page first, then turned dark whatever the browser preferred. This file is
  // not deferred (custom_js_attributes in .chainlit/config.toml): it runs in the page's head,
  // before the body exists (whatever touches the page waits for it), and puts the class
  // Chainlit's styles key on on <html> before the first paint. A browser with no choice
  // stored follows its own preference ("system", an option of Chainlit's theme menu, which
  // its bundle then keeps).
  function settleTheme() {
    var KEY = "vite-ui-theme";
    var theme = "system";
    try {
      var stored = window.localStorage.getItem(KEY);
      if (stored === "light" || stored === "dark" || stored === "system") theme = stored;
      else window.localStorage.setItem(KEY, theme);
    } catch (e) { /* storage refused: follow the browser's preference */ }
    if (theme === "system") {
      theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches
        ? "dark" : "light";
    }
    document.documentElement.classList.remove("light", "dark");
    document.documentElement.classList.add(theme);
  }

  settleTheme();
})();
