// PlanRAG Assistant in the browser (custom_js in .chainlit/config.toml; the chat's
// Content-Security-Policy lets only the app's own files run, app/perimeter.py).
// - Tabs are conversations of their own: each tab has an id (kept over a reload of the tab,
//   new in a new tab) and each page load another; the page hands both to the app, with the
//   dataset its first screen is about, in Chainlit's userEnv (app/web.py, "a page, its tab").
// - The dataset picked in the settings panel is kept for the browser's next page (a cookie),
//   and the title of the dataset in use is shown by the message box.
// - A question sent while the page is busy (not ready yet, a card waiting for an answer, an
//   answer being worked out) is held, marked as waiting, and sent the moment the page is free.
// - When the chat has no sign-in (it then runs on this machine only, app/auth.py), a banner
//   says so.
(function () {
  var MAX_AGE = 180 * 24 * 3600;
  var DATASET = /^[a-z][a-z0-9-]{0,40}$/;
  var ID = /^[A-Za-z0-9-]{8,64}$/;

  function setCookie(name, value) {
    document.cookie = name + "=" + encodeURIComponent(value) + "; path=/; max-age=" +
      MAX_AGE + "; samesite=lax";
  }

  function cookie(name) {
    var found = "";
    document.cookie.split("; ").forEach(function (c) {
      if (c.indexOf(name + "=") !== 0) return;
      try { found = decodeURIComponent(c.slice(name.length + 1)); } catch (e) { found = ""; }
    });
    return found;
  }

  function newId() {
    return window.crypto && window.crypto.randomUUID ? window.crypto.randomUUID()
      : Date.now().toString(36) + Math.random().toString(36).slice(2);
  }

  // This page for the app. Chainlit's page reads localStorage "userEnv" once, when its code
  // starts (after this file), and sends it with every connection that page makes, so the
  // values written here reach the app from this page only, whatever other tabs write later.
  // sessionStorage survives a reload of the tab and is empty in a new tab: a reload keeps the
  // tab's id. The dataset is the one the page's sample questions are picked for (the cookie,
  // read by the app for them at the same moment).
  (function describePage() {
    var tab = null;
    try { tab = window.sessionStorage.getItem("planrag_tab"); } catch (e) { tab = null; }
    if (!tab || !ID.test(tab)) {
      tab = newId();
      try { window.sessionStorage.setItem("planrag_tab", tab); } catch (e) { /* one id a load */ }
    }
    var dataset = cookie("planrag_dataset");
    try {
      var env = JSON.parse(window.localStorage.getItem("userEnv") || "{}");
      if (!env || typeof env !== "object" || Array.isArray(env)) env = {};
      env.planrag_tab = tab;
      env.planrag_page = newId();
      env.planrag_dataset = DATASET.test(dataset) ? dataset : "";
      window.localStorage.setItem("userEnv", JSON.stringify(env));
    } catch (e) { /* no storage: the app treats the page as one it cannot tell apart */ }
  })();

  // The dataset in use, by the message box: its title beside the settings gear (a click opens
  // the settings, where it is switched). The app says it when a chat starts and after a
  // switch; the box is drawn anew at times (the first question moves it), so it is put back.
  var title = "";

  function showTitle() {
    var composer = document.getElementById("message-composer");
    var row = composer && composer.lastElementChild;
    var left = row && row.firstElementChild;
    if (!title || !left) return;
    var label = document.getElementById("planrag-dataset");
    if (!label) {
      label = document.createElement("button");
      label.id = "planrag-dataset";
      label.type = "button";
      label.addEventListener("click", function () {
        var gear = document.getElementById("chat-settings-open-modal");
        if (gear && !gear.disabled) gear.click();
      });
      var name = document.createElement("span");
      name.className = "planrag-dataset-title";
      label.appendChild(document.createTextNode("Dataset: "));
      label.appendChild(name);
    }
    label.lastChild.textContent = title;
    label.title = "Questions go to " + title + ". Switch in the settings.";
    if (label.parentNode !== left) left.appendChild(label);
  }

  function watchComposer() {
    new MutationObserver(function () {
      var composer = document.getElementById("message-composer");
      var label = document.getElementById("planrag-dataset");
      if (title && composer && !(label && composer.contains(label))) showTitle();
      var note = document.getElementById("planrag-held");
      if (composer && !(note && note.parentNode === composer)) showHeld();
    }).observe(document.body, { childList: true, subtree: true });
    showTitle();
  }

  // The app's messages to this window (Chainlit's window message).
  window.addEventListener("message", function (event) {
    if (event.origin !== window.location.origin) return;  // other sites' pages: ignored
    var data = event.data;
    if (!data || typeof data !== "object") return;
    if (typeof data.planrag_dataset === "string" && DATASET.test(data.planrag_dataset)) {
      setCookie("planrag_dataset", data.planrag_dataset);
    }
    if (typeof data.planrag_title === "string" && data.planrag_title) {
      title = data.planrag_title.slice(0, 200);
      showTitle();
    }
  });

  // A question sent while the page cannot take it. Chainlit's message box takes text at any
  // time, but while the page still connects, while a card waits for an answer (a re-plan, a
  // proposed check) and while an answer is worked out, Enter and the send button do nothing:
  // the question stayed in the box without a word. Such a question is held: it stays in the
  // box, where it can be edited or cleared (cleared, nothing is sent), a note under it says
  // what it waits for, and it is sent the moment the page is free.
  var held = "";
  var filling = false;
  var watch = 0;

  function isFree() {
    var gear = document.getElementById("chat-settings-open-modal");
    var send = document.getElementById("chat-submit");
    return Boolean((gear && !gear.disabled) || (send && !send.disabled));
  }

  // What the page waits for, in the words of the note: a card's buttons (Chainlit draws a
  // question's buttons only while it waits for them), else the stop button of an answer
  // being worked out, else the connection.
  function waitingFor() {
    if (document.querySelector("div.gap-1.flex-wrap > button.min-h-10:not(:disabled)")) {
      return "Sent once you answer the card above.";
    }
    if (document.getElementById("stop-button")) return "Sent when this answer is done.";
    return "Sent as soon as the chat is ready.";
  }

  // The note is a status region kept in the message box from the start, so a screen reader
  // announces its words when they change; empty, it takes no room (public/chat.css).
  function heldNote() {
    var composer = document.getElementById("message-composer");
    if (!composer) return null;
    var note = document.getElementById("planrag-held");
    if (!note) {
      note = document.createElement("div");
      note.id = "planrag-held";
      note.setAttribute("role", "status");
    }
    if (note.parentNode !== composer) composer.insertBefore(note, composer.lastElementChild);
    return note;
  }

  function showHeld() {
    var note = heldNote();
    var words = held ? waitingFor() : "";
    if (!note || note.textContent === words) return;
    // The note makes the message box taller, and the conversation's area shorter: a card
    // at its bottom had its buttons pushed under the box. Where the person was reading the
    // newest message, the area keeps showing its end while the page settles.
    var area = conversation();
    var atEnd = area && area.scrollHeight - area.scrollTop - area.clientHeight < 120;
    note.textContent = words;
    if (atEnd) {
      var frames = 0;
      (function follow() {
        area.scrollTop = area.scrollHeight;
        if (++frames < 30) window.requestAnimationFrame(follow);
      })();
    }
  }

  // The box the conversation scrolls in: the nearest scrolling box around its last message.
  function conversation() {
    var steps = document.querySelectorAll(".step");
    for (var e = steps.length ? steps[steps.length - 1] : null; e; e = e.parentElement) {
      var overflow = getComputedStyle(e).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && e.scrollHeight > e.clientHeight) {
        return e;
      }
    }
    return null;
  }

  function sendHeld() {
    var box = document.getElementById("chat-input");
    var send = document.getElementById("chat-submit");
    if (!box || !send) return;
    if (box.value !== held) {
      // The box was drawn anew (a message arrived meanwhile): the text goes back in as
      // typing would put it, so Chainlit's own state holds it.
      var setter = Object.getOwnPropertyDescriptor(window.HTMLTextAreaElement.prototype, "value");
      filling = true;
      setter.set.call(box, held);
      box.dispatchEvent(new Event("input", { bubbles: true }));
      filling = false;
      return;  // sent on the next look, once the page has taken the text
    }
    if (send.disabled) return;
    held = "";
    showHeld();
    send.click();
  }

  function hold(text) {
    held = text;
    showHeld();
    if (!watch) {
      watch = window.setInterval(function () {
        if (held && isFree()) sendHeld();
        else showHeld();
        if (!held) { window.clearInterval(watch); watch = 0; }
      }, 150);
    }
  }

  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (!box || box.id !== "chat-input" || event.key !== "Enter" || event.shiftKey ||
        event.isComposing || isFree()) return;  // a free page: Chainlit sends it
    if (box.value.trim()) hold(box.value);
  }, true);

  // The send button is disabled while the page is busy, and a disabled button gets no click
  // (nor does Chainlit let the pointer reach it): a press on its place is taken here.
  document.addEventListener("pointerdown", function (event) {
    var send = document.getElementById("chat-submit");
    var box = document.getElementById("chat-input");
    if (!send || !box || !send.disabled || !box.value.trim() || isFree()) return;
    var r = send.getBoundingClientRect();
    if (event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top &&
        event.clientY <= r.bottom) hold(box.value);
  }, true);

  document.addEventListener("input", function (event) {
    var box = event.target;
    if (!held || filling || !box || box.id !== "chat-input") return;
    held = box.value.trim() ? box.value : "";
    showHeld();
  }, true);

  function openBanner() {
    if (document.getElementById("planrag-open-banner") || !document.body) return;
    var banner = document.createElement("div");
    banner.id = "planrag-open-banner";
    banner.setAttribute("role", "status");
    // The whole sentence, and a short form for a narrow screen (public/chat.css picks one).
    var long = document.createElement("span");
    long.className = "planrag-long";
    long.textContent = "Open to this machine only, without sign-in. To share it with your " +
      "team: the Readme (top right), \u201cSharing with your team\u201d.";
    var short = document.createElement("span");
    short.className = "planrag-short";
    short.textContent = "This machine only, no sign-in";
    banner.appendChild(long);
    banner.appendChild(short);
    banner.title = long.textContent;
    document.body.appendChild(banner);
  }

  function whenBody(then) {
    if (document.body) then();
    else document.addEventListener("DOMContentLoaded", then);
  }

  whenBody(watchComposer);

  fetch("/auth/config", { credentials: "same-origin" })
    .then(function (r) { return r.ok ? r.json() : null; })
    .then(function (cfg) {
      if (cfg && !cfg.requireLogin) whenBody(openBanner);
    })
    .catch(function () { /* no banner: the page works without it */ });

  // A footnote of an answer ("[1]" after a number, or a source "query 2, row 3, cost") opens
  // the row it cites: the link is "#planrag-q2-row-3" (planrag/engine/verdict.py, row_anchor).
  // The query's step is the last "Query 2 · ..." before the answer, inside the answer's run:
  // after the last plan before it (its plan steps are opened one by one until the query shows,
  // the others closed again). Its table's row is marked and scrolled to. A row past what the
  // table shows (the CSV file holds them all) leaves the step open at its table.
  (function citedRows() {
    var LINK = /^#planrag-(q\d{1,4})-row-(\d{1,7})$/;
    function tick() { return new Promise(function (r) { setTimeout(r, 50); }); }
    function precedes(a, b) {
      return !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    }
    function lastBetween(selector, floor, link) {
      var found = null;
      document.querySelectorAll(selector).forEach(function (el) {
        if (precedes(el, link) && (!floor || precedes(floor, el))) found = el;
      });
      return found;
    }
    async function open(button) {
      if (button.getAttribute("aria-expanded") !== "false") return;
      button.click();
      for (var i = 0; i < 200 && button.getAttribute("aria-expanded") === "false"; i++) await tick();
    }
    // The query's step under `plan` (before `ceiling`): the plan is opened, then its closed
    // steps, and the query's is waited for (up to 20 s: a step draws its children a moment
    // after it opens, seconds later on a busy machine); the steps that do not hold the query
    // are closed again, and the plan too when it does not.
    async function findUnder(query, plan, ceiling, superseded) {
      var opened = plan.getAttribute("aria-expanded") === "false";
      await open(plan);
      function numbered(el) {
        return /^step-\d+\. /.test(el.id) && precedes(plan, el) && precedes(el, ceiling);
      }
      for (var w = 0; w < 100 && opened &&
           !Array.prototype.some.call(document.querySelectorAll("button[id^='step-']"),
                                      numbered); w++) await tick();  // drawn once opened
      var button = lastBetween(query, plan, ceiling);
      if (!button) {
        var steps = [];
        document.querySelectorAll("button[id^='step-']").forEach(function (el) {
          if (numbered(el) && el.getAttribute("aria-expanded") === "false") steps.push(el);
        });
        for (var i = 0; i < steps.length; i++) await open(steps[i]);
        for (var d = 0; d < 400 && !button && steps.length && !superseded(); d++) {
          await tick();
          button = lastBetween(query, plan, ceiling);
        }
        if (superseded()) return null;  // the newer footnote's reveal owns the steps now
        steps.forEach(function (step) {
          var body = document.getElementById(step.getAttribute("aria-controls") || "");
          if (!button || !body || !body.contains(button)) step.click();
        });
      }
      if (!button && opened) plan.click();
      return button;
    }
    // The footnote clicked last wins: a reveal still opening steps or turning pages when the
    // person clicks another footnote gives up at its next step, so it neither marks its row
    // over the new one nor scrolls away from it. While one runs, the page's root carries
    // data-planrag-revealing (its end can be waited for).
    var latest = 0;
    async function reveal(qid, row, link) {
      var mine = ++latest;
      document.documentElement.setAttribute("data-planrag-revealing", "");
      try {
        await revealRow(qid, row, link, function () { return mine !== latest; });
      } finally {
        if (mine === latest) document.documentElement.removeAttribute("data-planrag-revealing");
      }
    }
    async function revealRow(qid, row, link, superseded) {
      // The row marked before is not this footnote's: unmarked at once, not once this one's
      // row is found (seconds on a busy machine, turning a table's pages).
      document.querySelectorAll(".planrag-cited").forEach(function (el) {
        el.classList.remove("planrag-cited");
      });
      // The query is under the last plan before the answer, or, when it ran before a change
      // of plan, under an earlier plan of the same run (back to its first, "Plan").
      var query = 'button[id^="step-Query ' + qid.slice(1) + ' \u00b7"]';
      var plans = [];
      document.querySelectorAll('button[id^="step-Plan"]').forEach(function (el) {
        if (precedes(el, link)) plans.push(el);
      });
      var button = null;
      for (var p = plans.length - 1; p >= 0 && !button; p--) {
        button = await findUnder(query, plans[p], plans[p + 1] || link, superseded);
        if (!/, revision \d+/.test(plans[p].id)) break;  // the run's first plan
      }
      if (!plans.length) button = lastBetween(query, null, link);
      if (!button || superseded()) return;
      await open(button);
      var region = document.getElementById(button.getAttribute("aria-controls") || "");
      if (!region) {
        await bringIntoView(button, superseded);
        return;
      }
      var rows = [];
      for (var t = 0; t < 200; t++) {
        rows = region.querySelectorAll(".dataframe tbody tr");
        if (rows.length) break;
        await tick();
      }
      // The table shows its rows a page at a time, on whichever page the person (or an
      // earlier footnote) left it: back to its first page, then on to the row's.
      async function turn(word) {
        var pager = pagerButton(region, word);
        if (!pager) return false;
        var first = region.querySelector(".dataframe tbody tr");
        pager.click();
        for (var w = 0; w < 200 && region.querySelector(".dataframe tbody tr") === first; w++) {
          await tick();
        }
        return true;
      }
      for (var back = 0; back < 1000 && !superseded() && (await turn("Previous")); back++);
      rows = region.querySelectorAll(".dataframe tbody tr");
      var size = rows.length;
      var page = 0;
      while (size && page < Math.floor((row - 1) / size) && !superseded() &&
             (await turn("Next"))) page++;
      rows = region.querySelectorAll(".dataframe tbody tr");
      var reached = size && page === Math.floor((row - 1) / size);
      if (superseded()) return;
      document.querySelectorAll(".planrag-cited").forEach(function (el) {
        el.classList.remove("planrag-cited");
      });
      var target = reached ? rows[(row - 1) % size] : null;
      if (target) target.classList.add("planrag-cited");
      await bringIntoView(target || region, superseded);
    }
    // The steps just opened grow to their height in an animation, and the table draws its
    // rows a moment later: scrolled at once, the row was pushed back below the window as they
    // grew (the person saw the query's SQL). So the scroll waits until the element has stayed
    // put in the conversation for a few looks, and is checked again afterwards. It aims at
    // the middle of what the person sees of the conversation: between the header and the
    // message box, which floats over the conversation's bottom.
    function scroller(el) {
      for (var e = el.parentElement; e; e = e.parentElement) {
        var overflow = getComputedStyle(e).overflowY;
        if ((overflow === "auto" || overflow === "scroll") && e.scrollHeight > e.clientHeight) {
          return e;
        }
      }
      return document.scrollingElement || document.documentElement;
    }
    async function settled(el, area) {
      var last = null;
      for (var still = 0, i = 0; still < 4 && i < 100; i++) {
        var at = el.getBoundingClientRect().top - area.getBoundingClientRect().top +
          area.scrollTop;
        still = last !== null && Math.abs(at - last) < 1 ? still + 1 : 0;
        last = at;
        await tick();
      }
    }
    function shown(area) {
      var box = area.getBoundingClientRect();
      var top = Math.max(box.top, 0);
      var bottom = Math.min(box.bottom, window.innerHeight);
      var header = document.getElementById("header");
      var composer = document.getElementById("message-composer");
      if (header) top = Math.max(top, header.getBoundingClientRect().bottom);
      if (composer) bottom = Math.min(bottom, composer.getBoundingClientRect().top);
      return { top: top, bottom: bottom };
    }
    async function bringIntoView(el, superseded) {
      var area = scroller(el);
      for (var round = 0; round < 3; round++) {
        await settled(el, area);
        if (superseded()) return;
        var band = shown(area);
        var box = el.getBoundingClientRect();
        if (box.top >= band.top && box.bottom <= band.bottom && round > 0) return;
        // Its middle to the band's middle; a box taller than the band shows its top.
        var shift = box.height > band.bottom - band.top ? box.top - band.top - 8
          : (box.top + box.bottom) / 2 - (band.top + band.bottom) / 2;
        area.scrollTop += shift;
      }
    }
    // The table's "Previous" or "Next", unless it is off (Chainlit greys it out with a class).
    function pagerButton(region, word) {
      var found = null;
      region.querySelectorAll("a, button").forEach(function (el) {
        if (!found && (el.textContent || "").trim() === word && !el.hasAttribute("disabled") &&
            el.getAttribute("aria-disabled") !== "true" &&
            !el.classList.contains("pointer-events-none")) {
          found = el;
        }
      });
      return found;
    }
    document.addEventListener("click", function (event) {
      var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
      var match = link ? LINK.exec(link.getAttribute("href") || "") : null;
      if (!match) return;
      event.preventDefault();  // Chainlit opens links in a new tab
      event.stopPropagation();
      reveal(match[1], parseInt(match[2], 10), link);
    }, true);
  })();

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
