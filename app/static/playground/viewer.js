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
 * open.
 *
 * The review (复盘) is POST /review's answer for one seat (one seat at a time: the cheapest
 * review), with changes 0: each decision of the seat shown at the step of its action (the
 * step that action is the last of), set beside the best action with both values in the
 * objective's units, the costliest marked in the list of actions, and a chart of the seat's
 * win chance (胡牌率) after each decision. The chart's numbers are a second review asked with
 * objective "win" when the values shown are the expected score (期望得分): a review's values
 * are one objective's. The fragment keeps the review (review=<seat>&objective=…). */
"use strict";

(function () {
  const { el, tile, t, call, words, svgNode } = MJ;
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
      review_legend: "Review", review_title: "Review",
      review_switch: "Review a seat's decisions", review_seat: "Seat", review_objective: "Values",
      objective_score: "Expected score 期望得分", objective_win: "Win chance 胡牌率",
      review_hint: "Each decision of the seat (each time it held 14 tiles, each tile it could "
        + "claim) set beside the best action by the expected-value model of POST /advise: you "
        + "win by your own draws only, and nobody else acts.",
      review_running: (seat, s) => `Reviewing ${seat}: every decision is valued, which takes `
        + `a few seconds… ${s} s`,
      chart_running: (s) => `Working out the win chance 胡牌率 for the chart (a second review, `
        + `by win chance)… ${s} s`,
      review_failed: "The review could not be done",
      review_advice: "The viewer already asks for one seat with changes 0, the cheapest review "
        + "the service offers. A round this long may still be more than one review may work "
        + "out: review another seat, or paste the round's log cut shorter.",
      decision_at: (i) => `Decision at action ${i}`,
      no_decision: (seat) => `${seat} decided nothing at this step; its decisions are marked `
        + "in the list of actions.",
      played: "Played", best: "Best 最佳", loss: "Loss 损失", mistake: "Mistake 失误",
      same_as_played: "the same as played", no_value: "— (more than 3 from ready: no value)",
      too_large_value: "— (too large to value: more hand states than one request may work out)",
      summary_too_large: "Too large to value (no numbers)",
      pass: "passes", prev_decision: "◀ Previous decision", next_decision: "Next decision ▶",
      value_score: (v) => `期望得分 ${v}`, value_win: (v) => `胡牌率 ${v}`,
      summary_decisions: "Decisions", summary_agreement: "Agreement with the best",
      summary_total: (objective) => `Total loss 损失 (${objective})`,
      summary_largest: "Largest losses (失误)", summary_none: "none: no decision lost anything",
      at_action: (i, loss) => `action ${i}: −${loss}`,
      chart_label: (seat) => `${seat}: win chance 胡牌率 after each decision`,
      chart_caption: "x: the action of each decision; y: the win chance after it.",
      key_played: "━ as played", key_best: "┅ the best action's", key_costly: "● a largest loss",
      point_title: (i, played, best) => `action ${i}: ${played} as played, ${best} at best`,
      model_note: "The model counts self-drawn wins only: a win on a discard is valued as that "
        + "win, but passing it is valued by your own draws, so passing a small win can score "
        + "higher.",
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
      review_legend: "", review_title: "",
      review_switch: "复盘一个座位的每个决定", review_seat: "座位", review_objective: "按哪个数",
      objective_score: "期望得分", objective_win: "胡牌率",
      review_hint: "该座位的每个决定（每次手里有 14 张牌时、每张它能吃碰杠胡的牌）与期望值模型"
        + "（POST /advise）给出的最佳动作并列：只靠自己摸牌胡牌，别家不做任何动作。",
      review_running: (seat, s) => `正在复盘${seat}：要估算每个决定，需要几秒钟…… ${s} 秒`,
      chart_running: (s) => `正在为折线图计算胡牌率（按胡牌率再复盘一次）…… ${s} 秒`,
      review_failed: "无法完成复盘",
      review_advice: "本页已经只复盘一个座位、changes 为 0，这是服务最省的复盘方式。"
        + "这么长的一局仍可能超出一次复盘能算的范围：请复盘别的座位，或粘贴截短的牌局日志。",
      decision_at: (i) => `第 ${i} 个动作的决定`,
      no_decision: (seat) => `${seat}在这一步没有决定；它的决定在动作列表中有标记。`,
      played: "实际打法", best: "最佳", loss: "损失", mistake: "失误",
      same_as_played: "与实际打法相同", no_value: "—（离听牌超过 3 步：没有数值）",
      too_large_value: "—（太大，无法估值：手牌状态超出一个请求能算的量）",
      summary_too_large: "太大而未估值的决定",
      pass: "过", prev_decision: "◀ 上一个决定", next_decision: "下一个决定 ▶",
      value_score: (v) => `期望得分 ${v}`, value_win: (v) => `胡牌率 ${v}`,
      summary_decisions: "决定数", summary_agreement: "与最佳一致",
      summary_total: (objective) => `总损失（${objective}）`,
      summary_largest: "损失最大的失误", summary_none: "没有：每个决定都没有损失",
      at_action: (i, loss) => `第 ${i} 个动作：−${loss}`,
      chart_label: (seat) => `${seat}：每个决定之后的胡牌率`,
      chart_caption: "横轴：每个决定的动作序号；纵轴：该决定之后的胡牌率。",
      key_played: "━ 实际打法", key_best: "┅ 最佳动作", key_costly: "● 损失最大的失误",
      point_title: (i, played, best) => `第 ${i} 个动作：实际 ${played}，最佳 ${best}`,
      model_note: "模型只计自摸：点炮胡按这手胡牌计值，而过胡之后只看自己摸牌，"
        + "所以放过一个小胡有时得分反而更高。",
    },
  });

  const state = {
    log: null, name: null, link: null, step: 0, total: 0, illegal: null, answers: new Map(),
    shown: 0, loads: 0,
  };
  const OBJECTIVES = ["score", "win"];
  /** The review: on or off, the seat and the objective shown, and the answers of POST
   * /review for the log shown, by "seat:objective" (a request under way: its promise). */
  const review = {
    on: false, seat: 0, objective: "score", chosen: false, answers: new Map(),
    pending: new Map(), asks: 0, timer: null,
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
    if (review.on) {
      params.set("review", String(review.seat));
      params.set("objective", review.objective);
    }
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
    if (log !== state.log) {  // another round: its reviews are still to be asked for
      review.answers = new Map();
      review.pending = new Map();
    }
    Object.assign(state, { log, name, link, total: log.actions.length, illegal: null,
                           answers: new Map() });
    fillSeats(full);
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
    ensureReview();  // (not awaited: the round steps while its review is worked out)
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
    markActions();
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
    renderDecision();
    document.body.dataset.shown = String(step);  // for tests: this step is on the page
  }

  // --------------------------------------------------------------------- the review (复盘)
  const reviewKey = (seat, objective) => `${seat}:${objective}`;

  /** The seat picker's four seats, named with their winds in this round; the first winner
   * is the seat reviewed unless one was chosen (by hand or by a link). */
  function fillSeats(full) {
    const select = document.getElementById("review-seat");
    if (!review.chosen) {
      const result = full && full.ok && full.data.settle_request
        ? full.data.settle_request.result : null;
      review.seat = result && result.winners && result.winners.length ? result.winners[0] : 0;
    }
    select.replaceChildren(...[0, 1, 2, 3].map((seat) => el("option", {
      value: String(seat), text: seatLabel(seat) })));
    select.value = String(review.seat);
  }

  /** An answer worth asking for again: not the review, nor a 422 (the same log gets the
   * same 422), but a 503 (over the time budget) or no answer at all. */
  const retry = (answer) => !answer.ok && answer.status !== 422;

  /** POST /review for one seat and objective of the round shown, kept for the round. */
  function askReview(seat, objective) {
    const key = reviewKey(seat, objective);
    const kept = review.answers.get(key);
    if (kept && !retry(kept)) return Promise.resolve(kept);
    if (review.pending.has(key)) return review.pending.get(key);
    const log = state.log;
    const asked = call("/review", { ...log, seat, objective, changes: 0 }).then((answer) => {
      if (state.log === log) {
        review.pending.delete(key);
        review.answers.set(key, answer);
      }
      return answer;
    });
    review.pending.set(key, asked);
    return asked;
  }

  /** The review of the seat and objective chosen, then the win chance for the chart; the
   * page says what it is working out meanwhile. A later choice wins over this one. */
  async function ensureReview() {
    const panel = document.getElementById("review-panel");
    panel.hidden = !review.on || !state.log;
    if (panel.hidden) {
      showReviewStatus(null);
      renderReview();
      document.body.dataset.review = "off";
      return;
    }
    const ask = ++review.asks;
    const { seat, objective } = review;
    document.body.dataset.review = "loading";
    let answer = review.answers.get(reviewKey(seat, objective));
    if (!answer || retry(answer)) {
      showReviewStatus((s) => t("review_running", seatLabel(seat), s));
      answer = await askReview(seat, objective);
      if (ask !== review.asks) return;
    }
    renderReview();
    if (!answer.ok) {
      showReviewStatus(null);
      document.body.dataset.review = "error";
      return;
    }
    const chart = review.answers.get(reviewKey(seat, "win"));
    if (!chart || retry(chart)) {
      showReviewStatus((s) => t("chart_running", s));
      await askReview(seat, "win");
      if (ask !== review.asks) return;
      renderReview();
    }
    showReviewStatus(null);
    document.body.dataset.review = "ready";
  }

  /** Progress text, its seconds counted (``text(s)``), or none. */
  function showReviewStatus(text) {
    const status = document.getElementById("review-status");
    clearInterval(review.timer);
    review.timer = null;
    status.classList.toggle("busy", Boolean(text));
    if (!text) {
      status.textContent = "";
      return;
    }
    const started = Date.now();
    const tick = () => { status.textContent = text(Math.floor((Date.now() - started) / 1000)); };
    tick();
    review.timer = setInterval(tick, 1000);
  }

  /** The seat's review in ``objective`` ({decisions, summary}), or null. */
  function reviewed(objective) {
    const answer = review.answers.get(reviewKey(review.seat, objective));
    return answer && answer.ok ? answer.data.seats[0] : null;
  }

  /** 42.3% (a chance), never 0.0% for a chance above 0 nor 100.0% for one below 1. */
  function percent(p) {
    if (p > 0 && p < 0.0005) return "<0.1%";
    if (p < 1 && p > 0.9995) return ">99.9%";
    return `${(100 * p).toFixed(1)}%`;
  }

  /** A value in the objective's units: a chance as a percentage, a score to 2 places. */
  function shownValue(value, objective) {
    if (value === null || value === undefined) return t("no_value");
    return objective === "win" ? percent(value) : value.toFixed(2);
  }

  /** A loss: percentage points of win chance, or points of expected score. */
  function shownLoss(loss, objective) {
    if (loss === null || loss === undefined) return "—";
    if (loss === 0) return "0";
    return objective === "win" ? `${(100 * loss).toFixed(1)}%`
      : loss < 0.005 ? "<0.01" : loss.toFixed(2);
  }

  /** The decisions marked as the costliest: the summary's ``largest`` that lost something. */
  function costly(seatReview) {
    const lost = new Map(seatReview.decisions.map((d) => [d.action, d.loss]));
    return new Set(seatReview.summary.largest.filter((i) => lost.get(i) > 0));
  }

  function sameAction(a, b) {
    return Boolean(a && b) && a.type === b.type && (a.tile || "") === (b.tile || "")
      && String(a.tiles || "") === String(b.tiles || "");
  }

  /** The summary, the chart, the marks in the list, the decision of the step shown. */
  function renderReview() {
    const summary = document.getElementById("review-summary");
    const chart = document.getElementById("review-chart");
    const error = document.getElementById("review-error");
    const answer = review.on ? review.answers.get(reviewKey(review.seat, review.objective)) : null;
    error.hidden = !(answer && !answer.ok);
    error.replaceChildren(...(answer && !answer.ok ? problemText(answer.data) : []));
    const mine = review.on ? reviewed(review.objective) : null;
    summary.replaceChildren(...(mine ? [summaryBox(mine)] : []));
    const wins = review.on ? reviewed("win") : null;
    chart.replaceChildren(...(mine && wins ? [winChart(wins, costly(mine))] : []));
    markActions();
    renderDecision();
  }

  /** A problem as the service said it (its detail and each error's message), and what to
   * ask instead. */
  function problemText(data) {
    const said = [data.detail || data.title,
      ...(data.errors || []).map((e) => [e.field, e.message].filter(Boolean).join(": "))];
    return [el("h3", { text: t("review_failed") }),
      ...said.filter(Boolean).map((text) => el("p", { class: "said", text })),
      el("p", { class: "advice", text: t("review_advice") })];
  }

  function objectiveName(objective) {
    return t(objective === "win" ? "objective_win" : "objective_score");
  }

  function jump(i) {
    return () => go(i + 1);
  }

  function summaryBox(mine) {
    const { summary, decisions } = mine;
    const losses = new Map(decisions.map((d) => [d.action, d.loss]));
    const marked = [...costly(mine)];
    const objective = review.objective;
    return el("div", { class: "review-summary", "data-seat": String(review.seat) },
      el("h3", { text: seatLabel(review.seat) }),
      el("dl", {},
        el("dt", { text: t("summary_decisions") }),
        el("dd", { "data-summary": "decisions", text: String(summary.decisions) }),
        el("dt", { text: t("summary_agreement") }),
        el("dd", { "data-summary": "agreement",
          text: summary.agreement === null ? "—" : `${Math.round(100 * summary.agreement)}%` }),
        el("dt", { text: t("summary_total", objectiveName(objective)) }),
        el("dd", { "data-summary": "total_loss", text: shownLoss(summary.total_loss, objective) }),
        summary.too_large ? [el("dt", { text: t("summary_too_large") }),
          el("dd", { "data-summary": "too_large", text: String(summary.too_large) })] : []),
      el("p", { class: "largest-title", text: t("summary_largest") }),
      el("div", { class: "largest", "data-summary": "largest" }, marked.length
        ? marked.map((i) => el("button", { type: "button", "data-action": String(i),
          onclick: jump(i), text: t("at_action", i, shownLoss(losses.get(i), objective)) }))
        : t("summary_none")),
      el("p", { class: "hint", text: t("model_note") }));
  }

  /** The seat's win chance along the round (inline SVG, as the playground's match chart):
   * x is the action of each decision, y the win chance after the action played (solid) and
   * after the best one (dashed); a point per decision with a value, the largest losses red.
   * A click on a point shows that step. */
  function winChart(wins, marked) {
    const width = 520, height = 210, left = 46, right = 12, top = 12, bottom = 30;
    const total = Math.max(1, state.total);
    const valued = wins.decisions.filter((d) => d.played_value !== null);
    const top100 = Math.max(0.05, ...valued.map((d) => Math.max(d.played_value, d.best_value)));
    const high = Math.min(1, Math.ceil(top100 * 10) / 10);
    const x = (i) => left + (i * (width - left - right)) / total;
    const y = (v) => top + ((high - v) * (height - top - bottom)) / high;
    const runs = (key) => {  // the points of a line, broken where a value is null
      const out = [[]];
      for (const d of wins.decisions) {
        if (d[key] === null) out.push([]);
        else out[out.length - 1].push(`${x(d.action).toFixed(1)},${y(d[key]).toFixed(1)}`);
      }
      return out.filter((points) => points.length);
    };
    const every = Math.max(1, Math.ceil(total / 8 / 5) * 5);
    const ticks = [];
    for (let i = 0; i <= total; i += every) {
      ticks.push(svgNode("text", { x: x(i), y: height - 10, "text-anchor": "middle",
        class: "tick" }, String(i)));
    }
    const label = t("chart_label", seatLabel(review.seat));
    const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": label, "data-decisions": String(wins.decisions.length) },
    svgNode("title", {}, label),
    svgNode("line", { x1: left, x2: width - right, y1: y(high), y2: y(high), class: "grid" }),
    svgNode("line", { x1: left, x2: width - right, y1: y(high / 2), y2: y(high / 2),
      class: "grid" }),
    svgNode("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "axis" }),
    [high, high / 2, 0].map((v) => svgNode("text", { x: left - 6, y: y(v) + 4,
      "text-anchor": "end", class: "tick" }, `${Math.round(100 * v)}%`)),
    ticks,
    svgNode("line", { id: "chart-now", x1: x(0), x2: x(0), y1: top, y2: height - bottom,
      class: "now-line", visibility: "hidden" }),
    runs("best_value").map((points) => svgNode("polyline", { class: "best",
      points: points.join(" ") })),
    runs("played_value").map((points) => svgNode("polyline", { class: "played",
      points: points.join(" ") })),
    valued.map((d) => {
      const point = svgNode("circle", { cx: x(d.action).toFixed(1), cy: y(d.played_value).toFixed(1),
        r: marked.has(d.action) ? 6 : 4.5, class: `point${marked.has(d.action) ? " costly" : ""}`,
        "data-action": String(d.action), "data-value": String(d.played_value) },
      svgNode("title", {}, t("point_title", d.action, percent(d.played_value),
        percent(d.best_value))));
      point.addEventListener("click", jump(d.action));
      return point;
    }));
    return el("figure", { class: "win-chart" }, svg,
      el("figcaption", {}, t("chart_caption"), " ",
        el("span", { class: "key-played", text: t("key_played") }), " ",
        el("span", { class: "key-best", text: t("key_best") }), " ",
        el("span", { class: "key-costly", text: t("key_costly") })));
  }

  /** Each decision's action in the list: a mark with its loss; the largest losses red. */
  function markActions() {
    const mine = review.on ? reviewed(review.objective) : null;
    const marked = mine ? costly(mine) : new Set();
    const byAction = new Map((mine ? mine.decisions : []).map((d) => [d.action, d]));
    document.querySelectorAll("#actions li").forEach((li) => {
      const i = Number(li.dataset.index);
      const found = byAction.get(i);
      li.querySelectorAll(".review-mark").forEach((node) => node.remove());
      li.classList.toggle("decision", Boolean(found));
      li.classList.toggle("costly", marked.has(i));
      if (!found) return;
      const text = marked.has(i) ? `${t("mistake")} −${shownLoss(found.loss, review.objective)}`
        : found.loss ? `−${shownLoss(found.loss, review.objective)}`
          : found.loss === null ? "—" : "✓";
      li.append(el("span", { class: "review-mark", text }));
    });
  }

  /** The decision whose action is the last of the step shown: what was played and the best
   * action, each with its value, and the loss; the chart's marker moves to it. */
  function renderDecision() {
    const box = document.getElementById("review-step");
    const mine = review.on && state.log ? reviewed(review.objective) : null;
    const line = document.getElementById("chart-now");
    if (line) {
      const x = state.step > 0 ? line.ownerSVGElement.querySelector(
        `circle[data-action="${state.step - 1}"]`) : null;
      line.setAttribute("visibility", x ? "visible" : "hidden");
      if (x) {
        line.setAttribute("x1", x.getAttribute("cx"));
        line.setAttribute("x2", x.getAttribute("cx"));
      }
    }
    box.hidden = !mine;
    if (!mine) {
      box.replaceChildren();
      return;
    }
    const objective = review.objective;
    const decisions = mine.decisions;
    const here = decisions.find((d) => d.action === state.step - 1);
    const before = [...decisions].reverse().find((d) => d.action < state.step - 1);
    const after = decisions.find((d) => d.action > state.step - 1);
    const nav = el("div", { class: "review-nav" },
      before ? el("button", { type: "button", class: "prev-decision", onclick: jump(before.action),
        text: t("prev_decision") }) : null,
      after ? el("button", { type: "button", class: "next-decision", onclick: jump(after.action),
        text: t("next_decision") }) : null);
    const value = (v) => here && here.too_large ? t("too_large_value")
      : t(objective === "win" ? "value_win" : "value_score", shownValue(v, objective));
    box.classList.toggle("costly", Boolean(here) && costly(mine).has(here.action));
    box.dataset.action = here ? String(here.action) : "";
    if (!here) {
      box.replaceChildren(el("p", { text: t("no_decision", seatLabel(review.seat)) }), nav);
      return;
    }
    const agreed = sameAction(here.played, here.best);
    box.replaceChildren(
      el("h3", {}, t("decision_at", here.action), costly(mine).has(here.action)
        ? el("span", { class: "mistake-badge", text: t("mistake") }) : null),
      el("dl", {},
        el("dt", { text: t("played") }),
        el("dd", { "data-part": "played" }, describe(here.played), " — ",
          el("span", { class: "value", "data-value": String(here.played_value),
            text: value(here.played_value) })),
        el("dt", { text: t("best") }),
        el("dd", { "data-part": "best" }, here.best ? describe(here.best) : "—",
          agreed ? ` (${t("same_as_played")})` : "", " — ",
          el("span", { class: "value", "data-value": String(here.best_value),
            text: value(here.best_value) })),
        el("dt", { text: t("loss") }),
        el("dd", { "data-part": "loss", class: `loss${here.loss ? " some" : ""}`,
          text: here.loss ? `−${shownLoss(here.loss, objective)}` : shownLoss(here.loss, objective) })),
      nav);
  }

  /** Turn the review on or off, or change its seat or objective: the address follows. */
  function setReview(changes) {
    Object.assign(review, changes);
    document.getElementById("review-on").checked = review.on;
    document.getElementById("review-seat").value = String(review.seat);
    document.getElementById(`review-objective-${review.objective}`).checked = true;
    if (state.log) history.replaceState(null, "", address());
    if (state.log) document.getElementById("permalink").href = address().toString();
    ensureReview();
  }

  /** The review a link asks for (review=<seat>&objective=…), or off. */
  function reviewFrom(params) {
    const seat = params.get("review");
    const on = seat !== null && /^[0-3]$/.test(seat);
    const objective = OBJECTIVES.includes(params.get("objective")) ? params.get("objective")
      : "score";
    Object.assign(review, { on, objective });
    if (on) Object.assign(review, { seat: Number(seat), chosen: true });
    document.getElementById("review-on").checked = review.on;
    document.getElementById(`review-objective-${review.objective}`).checked = true;
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
    reviewFrom(params);
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
      for (const [key, answer] of review.answers) {  // a review's problem too
        if (!answer.ok) review.answers.delete(key);
      }
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
    document.getElementById("review-on").addEventListener("change", (event) => {
      setReview({ on: event.target.checked });
    });
    document.getElementById("review-seat").addEventListener("change", (event) => {
      setReview({ seat: Number(event.target.value), chosen: true });
    });
    document.querySelectorAll("input[name=review-objective]").forEach((input) => {
      input.addEventListener("change", () => {
        if (input.checked) setReview({ objective: input.value });
      });
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
