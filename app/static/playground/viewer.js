/* The replay viewer (GET /viewer): a round's log stepped through action by action.
 *
 * It scores nothing and checks nothing itself: the state after k actions is what POST
 * /replay answers for the log's first k actions (the seats' hands, melds and discards, whose
 * turn, the facts so far), and the end is the full log's answer (the settlement). The first
 * illegal action is the one the server's 422 names (actions[i], with its rule and seed line).
 * The address keeps the log (an example's name, or the log itself) and the step, so a link
 * replays the same round at the same step. They live in the fragment (#log=…&step=N), never
 * in the query: a browser does not send the fragment, so the request line stays
 * "GET /viewer" however long the round (a 118-action log in ?log= was a 414). The log is
 * compressed (deflate-raw, then base64url). Links of the former ?log=…&step=N form still
 * open. */
"use strict";

(function () {
  const { el, tile, t, call, words } = MJ;
  const WINDS = ["E", "S", "W", "N"];
  // The most a log may be: POST /replay's body limit (MAX_REPLAY_BODY_BYTES, app/config.py).
  // A link's log is inflated no further, so a small fragment cannot unpack to gigabytes.
  const REPLAY_KIB = 128;
  const MOST_LOG_BYTES = REPLAY_KIB * 1024;

  words({
    en: {
      page_title: "Replay viewer · 牌局回放",
      heading: "Replay viewer", playground: "Playground", rules_book: "Rules book",
      nav_service: "Service", pick_title: "A round's log", example: "Example",
      paste: "Paste a log (a POST /replay body)", load: "Replay this log",
      steps_title: "Step by step", steps_label: "Steps", first: "First", prev: "Back",
      next: "Forward", last: "Last", permalink: "Link to this step",
      keys_hint: "Arrow keys step; Home and End jump.", facts: "Facts so far",
      log_title: "Actions", step_of: (k, n) => `step ${k} of ${n}`,
      dealt: "The deal: nothing played yet.", hand: "hand", melds: "melds",
      discards: "discards", turn: "to act", dealer_mark: "dealer",
      illegal: (i, code) => `Illegal action ${i} (${code})`,
      not_json: "This is not JSON: paste the body of a POST /replay request.",
      no_actions: "A log needs \"actions\": a list of the round's actions.",
      finished: "The round is over.", settlement: "Settlement",
      act: (seat, what, tile) => `seat ${seat} ${what}${tile ? " " + tile : ""}`,
      draw: "draws", discard: "discards", chow: "chows", pung: "pungs", kong: "kongs",
      added_kong: "adds to a kong", concealed_kong: "declares a concealed kong", win: "wins",
      seat_label: (seat, wind) => `Seat ${seat} (${wind})`,
      link_broken: "This link's round cannot be read: the link is cut short or damaged. "
        + "Copy the whole link again, or paste the round's log.",
      link_too_large: `This link's log is larger than the ${REPLAY_KIB} KiB a replay may be.`,
    },
    zh: {
      page_title: "牌局回放 · Replay viewer",
      heading: "Replay viewer", playground: "试玩页", rules_book: "规则书",
      nav_service: "服务", pick_title: "一局的日志", example: "示例",
      paste: "粘贴日志（POST /replay 的请求体）", load: "回放此日志",
      steps_title: "逐步回放", steps_label: "步骤", first: "第一步", prev: "后退",
      next: "前进", last: "最后一步", permalink: "链接到这一步",
      keys_hint: "方向键逐步；Home、End 跳到首尾。", facts: "已发生的事实",
      log_title: "动作", step_of: (k, n) => `第 ${k} 步，共 ${n} 步`,
      dealt: "刚发完牌，还没有动作。", hand: "手牌", melds: "副露",
      discards: "弃牌", turn: "该出手", dealer_mark: "庄家",
      illegal: (i, code) => `第 ${i} 个动作不合规（${code}）`,
      not_json: "这不是 JSON：请粘贴 POST /replay 的请求体。",
      no_actions: "日志需要 \"actions\"：这一局的动作列表。",
      finished: "这一局结束了。", settlement: "结算",
      act: (seat, what, tile) => `座位 ${seat} ${what}${tile ? " " + tile : ""}`,
      draw: "摸牌", discard: "打出", chow: "吃", pung: "碰", kong: "明杠",
      added_kong: "补杠", concealed_kong: "暗杠", win: "胡",
      seat_label: (seat, wind) => `座位 ${seat}（${{ E: "东", S: "南", W: "西", N: "北" }[wind]}）`,
      link_broken: "无法读取此链接中的牌局：链接被截断或已损坏。请重新复制完整的链接，或粘贴这一局的日志。",
      link_too_large: `此链接中的日志超过了回放允许的 ${REPLAY_KIB} KiB。`,
    },
  });

  const state = {
    log: null, name: null, link: null, step: 0, total: 0, illegal: null, answers: new Map(),
    shown: 0, loads: 0,
  };

  // --------------------------------------------------------------------- the address
  /** A failure to read a link's log, with the key of the sentence that says why. */
  class LinkError extends Error {
    constructor(key) {
      super(key);
      this.key = key;
    }
  }

  function toBase64url(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("link_broken");
    try {
      return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")),
        (c) => c.charCodeAt(0));
    } catch (err) {
      throw new LinkError("link_broken");  // a length no base64 has: cut short
    }
  }

  /** The bytes a stream gives, failing past ``most`` of them (without reading further). */
  async function readAtMost(stream, most) {
    const reader = stream.getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > most) {
        reader.cancel().catch(() => {});
        throw new LinkError("link_too_large");
      }
      parts.push(value);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** The log as a link carries it: ["log", deflate-raw + base64url], or, in a browser
   * without CompressionStream, ["json", base64url] (longer, still never sent). */
  async function linkFor(log) {
    const bytes = new TextEncoder().encode(JSON.stringify(log));
    if (typeof CompressionStream !== "function") return ["json", toBase64url(bytes)];
    const packed = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return ["log", toBase64url(await readAtMost(packed, Infinity))];
  }

  /** A link's log, from its form (see linkFor; "plain" is the former ?log=, uncompressed),
   * or a LinkError saying why it cannot be read. */
  async function logFrom(form, text) {
    let bytes = fromBase64url(text);
    if (form === "log") {
      if (typeof DecompressionStream !== "function") throw new LinkError("link_broken");
      const unpacked = new Blob([bytes]).stream()
        .pipeThrough(new DecompressionStream("deflate-raw"));
      try {
        bytes = await readAtMost(unpacked, MOST_LOG_BYTES);
      } catch (err) {
        throw err instanceof LinkError ? err : new LinkError("link_broken");
      }
    } else if (bytes.length > MOST_LOG_BYTES) {
      throw new LinkError("link_too_large");
    }
    try {
      return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch (err) {
      throw new LinkError("link_broken");
    }
  }

  /** The page's address for the round and step shown: everything in the fragment. */
  function address() {
    const url = new URL(location.href);
    url.search = "";
    const params = new URLSearchParams([state.link, ["step", String(state.step)]]);
    if (MJ.language() === "zh") params.set("lang", "zh");
    url.hash = params.toString();
    return url;
  }

  /** What the address asks for: the fragment's entries, or a former link's query. */
  function linkParams() {
    const fragment = new URLSearchParams(location.hash.slice(1));
    if (fragment.has("log") || fragment.has("json") || fragment.has("example")) return fragment;
    const query = new URLSearchParams(location.search);
    if (query.has("log")) query.set("plain", query.get("log"));
    query.delete("log");
    return query;
  }

  /** The fragment's lang=zh|en, which a link made in Chinese carries. */
  function linkLanguage() {
    const value = new URLSearchParams(location.hash.slice(1)).get("lang");
    return value === "zh" || value === "en" ? value : null;
  }

  // --------------------------------------------------------------------- loading
  function showLoadError(text) {
    const box = document.getElementById("load-error");
    box.textContent = text || "";
    box.hidden = !text;
  }

  /** Replay ``log`` (an example's when ``name`` is given) from ``step``. A load started
   * later (another example, a new link) wins over this one when both are under way. */
  async function load(log, name, step) {
    if (!log || !Array.isArray(log.actions)) {
      showLoadError(t("no_actions"));
      return;
    }
    const ticket = ++state.loads;
    const link = name ? ["example", name] : await linkFor(log);
    const full = await call("/replay", log);
    if (ticket !== state.loads) return;
    Object.assign(state, { log, name, link, total: log.actions.length, illegal: null,
                           answers: new Map() });
    if (full.status === 422) {
      const first = (full.data.errors || [])[0] || {};
      const found = /^actions\[(\d+)\]/.exec(first.field || "");
      if (!found) {
        showLoadError([first.field, first.message].filter(Boolean).join(": ")
          || full.data.detail);
        return;
      }
      state.illegal = { index: Number(found[1]), message: first.message, code: first.code };
    } else if (!full.ok) {
      showLoadError(full.data.detail || full.data.title);
      return;
    } else {
      state.answers.set(state.total, full);
    }
    showLoadError("");
    renderActions();
    await go(step || 0);
  }

  const lastStep = () => (state.illegal ? state.illegal.index + 1 : state.total);

  async function answerAt(k) {
    if (!state.answers.has(k)) {
      state.answers.set(k, await call("/replay", { ...state.log,
                                                   actions: state.log.actions.slice(0, k) }));
    }
    return state.answers.get(k);
  }

  async function go(k) {
    if (!state.log) return;  // no round loaded (a link that could not be read)
    state.step = Math.max(0, Math.min(lastStep(), Number(k) || 0));
    const wanted = state.step;
    const legal = state.illegal && wanted > state.illegal.index ? state.illegal.index : wanted;
    const answer = await answerAt(legal);
    if (wanted !== state.step) return;  // a later step was asked for meanwhile
    render(answer);
    history.replaceState(null, "", address());  // (no hashchange: it is not a navigation)
  }

  // --------------------------------------------------------------------- rendering
  function seatLabel(seat) {
    return t("seat_label", seat, WINDS[(seat - state.log.dealer + 4) % 4]);
  }

  function describe(action) {
    const shown = action.tiles || action.tile || "";
    return t("act", action.seat, t(action.type), shown);
  }

  function renderActions() {
    const list = document.getElementById("actions");
    list.replaceChildren(...state.log.actions.map((action, i) => el("li", {
      "data-index": String(i),
      class: state.illegal && state.illegal.index === i ? "illegal-action" : "",
      onclick: () => go(i + 1),
    }, describe(action))));
  }

  function asCodes(value) {
    if (Array.isArray(value)) return value;
    return MJ.parse(value || "").tiles;
  }

  function seatsOf(data) {
    if (data.status === "in_progress") return data.seats;
    return data.settle_request.players.map((p) => ({
      hand: asCodes(p.hand), discards: asCodes(p.discards),
      melds: (p.melds || []).map((m) => ({ type: m.type, tiles: asCodes(m.tiles) })),
    }));
  }

  function seatPanel(seat, data, turn) {
    const melds = (seat.melds || []).map((m) => el("span", { class: "meld", title: t(m.type) },
      MJ.tiles(asCodes(m.tiles), { small: true })));
    return el("section", {
      class: `seat${turn ? " to-act" : ""}`, "data-seat": String(data),
      "aria-label": seatLabel(data),
    },
    el("h3", {}, seatLabel(data), data === state.log.dealer
      ? el("span", { class: "badge", text: t("dealer_mark") }) : null,
    turn ? el("span", { class: "badge turn", text: t("turn") }) : null),
    el("div", { class: "row hand-row", "data-part": "hand" },
      el("span", { class: "muted", text: t("hand") }), MJ.tiles(asCodes(seat.hand), {})),
    el("div", { class: "row", "data-part": "melds" },
      el("span", { class: "muted", text: t("melds") }), ...melds),
    el("div", { class: "row river", "data-part": "discards" },
      el("span", { class: "muted", text: t("discards") }),
      MJ.tiles(asCodes(seat.discards), { small: true })));
  }

  function render(answer) {
    const step = state.step;
    document.getElementById("step-count").textContent = t("step_of", step, lastStep());
    document.getElementById("permalink").href = address().toString();
    document.querySelectorAll("#actions li").forEach((li) => {
      const i = Number(li.dataset.index);
      li.classList.toggle("done", i < step);
      li.classList.toggle("current", i === step - 1);
      if (i === step - 1) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    const now = document.getElementById("now");
    now.textContent = step === 0 ? t("dealt") : describe(state.log.actions[step - 1]);
    const data = answer.data || {};
    const seats = answer.ok ? seatsOf(data) : [];
    const turn = data.status === "in_progress" ? data.turn : null;
    document.getElementById("seats").replaceChildren(
      ...seats.map((seat, i) => seatPanel(seat, i, i === turn)));
    const facts = (data.facts || []).filter((f) => f.action < step);
    document.getElementById("facts").replaceChildren(...facts.map((f) => el("li", {
      "data-code": f.code }, el("code", { text: f.code }), " ", f.detail)));
    const illegal = document.getElementById("illegal");
    const broken = state.illegal && step === state.illegal.index + 1;
    illegal.hidden = !broken;
    illegal.replaceChildren(...(broken ? [
      el("h3", { text: t("illegal", state.illegal.index, state.illegal.code) }),
      el("p", { text: state.illegal.message })] : []));
    const result = document.getElementById("result");
    result.replaceChildren(...(data.status === "finished" && step === state.total ? [
      el("h3", { text: t("settlement") }), el("p", { text: t("finished") }),
      MJ.settlement(data.settlement, state.log.dealer)] : []));
    document.body.dataset.shown = String(step);  // for tests: this step is on the page
  }

  // --------------------------------------------------------------------- wiring
  function fillExamples() {
    const select = document.getElementById("example");
    const chosen = select.value;
    select.replaceChildren(...window.VIEWER_EXAMPLES.map((e) => el("option", {
      value: e.name, text: MJ.language() === "zh" ? e.zh : e.en })));
    if (chosen) select.value = chosen;
  }

  /** Load what the address asks for: a link's log, an example, or the first example. A
   * link whose log cannot be read says so, and the round shown (if any) stays. */
  async function fromAddress() {
    const params = linkParams();
    const step = Number(params.get("step") || 0);
    const form = ["log", "json", "plain"].find((key) => params.has(key));
    if (form) {
      let log;
      try {
        log = await logFrom(form, params.get(form));
      } catch (err) {
        if (!(err instanceof LinkError)) throw err;
        showLoadError(t(err.key));
        document.getElementById("paste-box").open = true;
        return;
      }
      await load(log, null, step);
      return;
    }
    const name = params.get("example");
    const found = window.VIEWER_EXAMPLES.find((e) => e.name === name)
      || window.VIEWER_EXAMPLES[0];
    document.getElementById("example").value = found.name;
    await load(found.log, found.name, name ? step : 0);
  }

  /** A link opened on a page already showing a round (only the fragment changed, so the
   * browser does not reload): its language, then its round. */
  async function followLink() {
    const language = linkLanguage();
    if (language && language !== MJ.language()) {
      MJ.setLanguage(language, false);
      fillExamples();
    }
    await fromAddress();
  }

  function start() {
    MJ.setLanguage(linkLanguage() || MJ.chooseLanguage(), false);
    fillExamples();
    MJ.languageSwitch(async () => {
      fillExamples();
      state.answers = new Map();  // the sentences come back in the new language
      if (state.log) await load(state.log, state.name, state.step);
    });
    document.getElementById("example").addEventListener("change", (event) => {
      const found = window.VIEWER_EXAMPLES.find((e) => e.name === event.target.value);
      load(found.log, found.name, 0);
    });
    document.getElementById("load").addEventListener("click", () => {
      let log;
      try {
        log = JSON.parse(document.getElementById("paste").value);
      } catch (err) {
        showLoadError(t("not_json"));
        return;
      }
      load(log, null, 0);
    });
    document.getElementById("first").addEventListener("click", () => go(0));
    document.getElementById("prev").addEventListener("click", () => go(state.step - 1));
    document.getElementById("next").addEventListener("click", () => go(state.step + 1));
    document.getElementById("last").addEventListener("click", () => go(lastStep()));
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("textarea, input, select") || !state.log) return;
      const moves = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0,
                      End: lastStep() };
      if (event.key in moves) {
        event.preventDefault();
        go(moves[event.key]);
      }
    });
    window.addEventListener("hashchange", () => {
      document.body.dataset.ready = "false";
      followLink().finally(() => { document.body.dataset.ready = "true"; });
    });
    fromAddress().finally(() => { document.body.dataset.ready = "true"; });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
