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
})();
