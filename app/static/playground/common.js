/* Shared by the playground (/) and the widget (/embed): tiles, API calls, and the renderers
 * that show an answer "as people read it". Plain browser JavaScript, no build step.
 *
 * The page never scores anything itself: it sends what the user entered to the API and shows
 * every field the answer has. Tile parsing here is for display only (the tile strip under a
 * field); the server's parser is the authority and its errors are shown next to the field. */
"use strict";

window.MJ = (function () {
  // ------------------------------------------------------------------------------- tiles
  const CODES = [];
  for (const suit of "mps") for (let rank = 1; rank <= 9; rank++) CODES.push(rank + suit);
  CODES.push(..."ESWNCFP");
  const INDEX = Object.fromEntries(CODES.map((c, i) => [c, i]));
  const NUMERALS = "一二三四五六七八九";
  const SUIT_ZH = { m: "万", p: "筒", s: "条" };
  const SUIT_EN = { m: "Characters", p: "Dots", s: "Bamboo" };
  const HONOUR_ZH = { E: "东风", S: "南风", W: "西风", N: "北风", C: "红中", F: "发财", P: "白板" };
  const HONOUR_EN = { E: "East wind", S: "South wind", W: "West wind", N: "North wind",
                      C: "Red dragon", F: "Green dragon", P: "White dragon" };
  const Z_DIGITS = { 1: "E", 2: "S", 3: "W", 4: "N", 5: "P", 6: "F", 7: "C" };
  const CHINESE_SUITS = { "万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p",
                          "条": "s", "條": "s", "索": "s" };
  const CHINESE_NUMERALS = { "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
                             "六": 6, "七": 7, "八": 8, "九": 9, "幺": 1 };
  const CHINESE_HONOURS = [["红中", "C"], ["紅中", "C"], ["发财", "F"], ["發財", "F"],
    ["白板", "P"], ["东", "E"], ["東", "E"], ["南", "S"], ["西", "W"], ["北", "N"],
    ["中", "C"], ["发", "F"], ["發", "F"], ["白", "P"]];
  const SEPARATORS = " ,\t\n\u3000、，\ufe0e\ufe0f";

  function nameZh(code) {
    return HONOUR_ZH[code] || NUMERALS[Number(code[0]) - 1] + SUIT_ZH[code[1]];
  }
  function nameEn(code) {
    return HONOUR_EN[code] || code[0] + " " + SUIT_EN[code[1]];
  }
  function unicodeOf(code) {
    const special = { E: 0x1F000, S: 0x1F001, W: 0x1F002, N: 0x1F003, C: 0x1F004,
                      F: 0x1F005, P: 0x1F006 };
    if (special[code]) return String.fromCodePoint(special[code]);
    const base = { m: 0x1F007, s: 0x1F010, p: 0x1F019 }[code[1]];
    return String.fromCodePoint(base + Number(code[0]) - 1);
  }
  const UNICODE = Object.fromEntries(CODES.map((c) => [unicodeOf(c), c]));

  /** The tile after `code` in its family (the 副精 of a 正精): 9→1, N→E, C→F→P→C. */
  function nextTile(code) {
    if (code.length === 2) return (Number(code[0]) % 9 + 1) + code[1];
    const ring = "ESWN".includes(code) ? "ESWN" : "CFP";
    return ring[(ring.indexOf(code) + 1) % ring.length];
  }

  /** Read tiles in any notation the API accepts. Returns {tiles, error}. */
  function parse(text) {
    const chars = Array.from(text || "");
    const tiles = [];
    let pending = [];
    const flush = (suit) => {
      if (!pending.length) throw new Error(`suit letter ${suit} has no digits before it`);
      for (const d of pending) {
        if (suit === "z") {
          if (!Z_DIGITS[d]) throw new Error(`${d}z is not a tile`);
          tiles.push(Z_DIGITS[d]);
        } else if (d === "0") {
          throw new Error(`0${suit} is not a tile`);
        } else {
          tiles.push(d + suit);
        }
      }
      pending = [];
    };
    try {
      for (let i = 0; i < chars.length; i++) {
        const ch = chars[i];
        if (ch >= "0" && ch <= "9") { pending.push(ch); continue; }
        if ("mpsz".includes(ch)) { flush(ch); continue; }
        if (pending.length) {
          if (CHINESE_SUITS[ch]) { flush(CHINESE_SUITS[ch]); continue; }
          throw new Error("digits must be followed by a suit letter");
        }
        if (SEPARATORS.includes(ch)) continue;
        if ("ESWNCFP".includes(ch)) { tiles.push(ch); continue; }
        if (UNICODE[ch]) { tiles.push(UNICODE[ch]); continue; }
        if (CHINESE_NUMERALS[ch] && CHINESE_SUITS[chars[i + 1]]) {
          tiles.push(CHINESE_NUMERALS[ch] + CHINESE_SUITS[chars[i + 1]]);
          i += 1;
          continue;
        }
        const rest = chars.slice(i).join("");
        const honour = CHINESE_HONOURS.find(([name]) => rest.startsWith(name));
        if (!honour) throw new Error(`unknown tile character ${ch}`);
        tiles.push(honour[1]);
        i += Array.from(honour[0]).length - 1;
        if ("ESWN".includes(honour[1]) && "风風".includes(chars[i + 1] || "x")) i += 1;
      }
      if (pending.length) throw new Error("digits without a suit letter");
    } catch (err) {
      return { tiles, error: err.message };
    }
    return { tiles, error: null };
  }

  /** Canonical compact string, sorted: "123m456p789sEEECC". */
  function compact(codes) {
    const sorted = [...codes].sort((a, b) => INDEX[a] - INDEX[b]);
    let out = "";
    for (const suit of "mps") {
      const ranks = sorted.filter((c) => c[1] === suit).map((c) => c[0]).join("");
      if (ranks) out += ranks + suit;
    }
    return out + sorted.filter((c) => c.length === 1).join("");
  }

  // ------------------------------------------------------------------------------- DOM
  /** Create an element: el("p", {class: "x", text: "hi"}, child, …). Never uses innerHTML. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key in node && typeof value !== "string") node[key] = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const SVG_NS = "http://www.w3.org/2000/svg";
  function spriteUrl() {
    return document.body.dataset.tiles || "";
  }

  /** One tile face. opts: {wild, standsFor, tag ("span"|"button"), label, onclick, small}. */
  function tile(code, opts) {
    const o = opts || {};
    const label = o.label || (o.wild
      ? `${nameZh(code)} ${code}, jing (精) standing for ${nameZh(o.standsFor)} ${o.standsFor}`
      : `${nameZh(code)} ${code}`);
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 60 80");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", `${spriteUrl()}#t-${code}`);
    svg.append(use);
    const classes = ["tile", o.wild ? "wild" : "", o.small ? "small" : "", o.extra || ""];
    const node = el(o.tag || "span", {
      class: classes.filter(Boolean).join(" "), "data-tile": code,
      title: label, "aria-label": label, role: o.tag === "button" ? null : "img",
      type: o.tag === "button" ? "button" : null, onclick: o.onclick,
    }, svg, el("span", { class: "code", "aria-hidden": "true", text: code }));
    if (o.wild) {
      node.append(el("span", { class: "jing-badge", "aria-hidden": "true", text: "精" }));
      if (o.standsFor && o.standsFor !== code) {
        node.append(el("span", { class: "as", "aria-hidden": "true", text: "=" + o.standsFor }));
      }
    }
    return node;
  }

  function tiles(codes, opts) {
    return el("span", { class: "tiles" }, codes.map((c) => tile(c, opts)));
  }

  // ------------------------------------------------------------------------------- API
  /** POST a JSON body; resolves to {status, ok, data, text} and never throws on HTTP errors. */
  async function call(path, body) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      return { status: 0, ok: false, text: "", data: {
        title: "Network error", detail: `the service did not answer: ${err.message}` } };
    }
    const text = await response.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch (err) {
      data = { title: `HTTP ${response.status}`, detail: text.slice(0, 500) };
    }
    return { status: response.status, ok: response.ok, data, text };
  }

  function shellQuote(text) {
    return "'" + text.replace(/'/g, "'\\''") + "'";
  }

  /** The same request as a curl command that works from a shell. */
  function curl(path, body, origin) {
    return `curl -s ${origin || location.origin}${path} -H 'Content-Type: application/json' \\\n`
      + `  -d ${shellQuote(JSON.stringify(body))}`;
  }

  // ------------------------------------------------------------------------------- errors
  function parentPath(path) {
    const shorter = path.replace(/(\[\d+\]|\.[^.[\]]+)$/, "");
    return shorter === path ? "" : shorter;
  }

  /** The control named by an API error's field, or its nearest named ancestor. */
  function findField(root, path) {
    for (let p = path; p; p = parentPath(p)) {
      const found = root.querySelector(`[data-field="${CSS.escape(p)}"]`);
      if (found && found.offsetParent !== null) return found;
    }
    return null;
  }

  function clearErrors(root) {
    root.querySelectorAll(".field-error").forEach((node) => node.remove());
    root.querySelectorAll("[aria-invalid]").forEach((node) => {
      node.removeAttribute("aria-invalid");
      const ids = (node.getAttribute("aria-describedby") || "").split(" ")
        .filter((id) => id && !id.startsWith("err-"));
      if (ids.length) node.setAttribute("aria-describedby", ids.join(" "));
      else node.removeAttribute("aria-describedby");
    });
  }

  let errorCount = 0;
  /** Put each error of a problem+json next to the field it names; return the ones that
   * match no field on the page (shown in the summary instead). */
  function placeErrors(root, problem) {
    const unplaced = [];
    for (const error of problem.errors || []) {
      const control = findField(root, error.field || "");
      if (!control) { unplaced.push(error); continue; }
      const id = `err-${++errorCount}`;
      const exact = control.dataset.field === error.field;
      const message = el("p", { class: "field-error", id, role: "alert" },
        exact ? "" : el("code", { text: error.field }), exact ? "" : ": ", error.message);
      const holder = control.closest(".field") || control.parentElement;
      holder.append(message);
      control.setAttribute("aria-invalid", "true");
      const described = control.getAttribute("aria-describedby");
      control.setAttribute("aria-describedby", described ? `${described} ${id}` : id);
    }
    return unplaced;
  }

  function renderProblem(problem, status, unplaced) {
    return el("div", { class: "problem", role: "alert" },
      el("p", { class: "problem-title" }, el("strong", { text: `${status || ""} ${problem.title || "Error"}` })),
      problem.detail ? el("p", { text: problem.detail }) : null,
      unplaced && unplaced.length ? el("ul", {}, unplaced.map((e) =>
        el("li", {}, el("code", { text: e.field || "body" }), ": ", e.message))) : null);
  }

  // ------------------------------------------------------------------------------- answers
  const GROUP_NAMES = {
    chow: "顺子 chow", pung: "刻子 pung", pair: "将 pair", single: "单张 single",
    kong: "明杠 kong", added_kong: "补杠 added kong", concealed_kong: "暗杠 concealed kong",
  };
  const REASONS = { waiting: "听牌 Waiting", not_ready: "未听 Not ready",
                    not_complete: "未胡 Not a winning hand" };

  function formatValue(value, unit) {
    if (value === null || value === undefined) return "";
    if (unit === "fan") return `${value} 番`;
    if (unit === "x") return `×${value}`;
    if (unit === "points") return `${value} 分`;
    return unit ? `${value} ${unit}` : String(value);
  }

  function table(caption, headers, rows, cls) {
    return el("table", { class: cls || "" },
      caption ? el("caption", { text: caption }) : null,
      el("thead", {}, el("tr", {}, headers.map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((c) =>
        el("td", {}, c === null || c === undefined ? "" : c))))));
  }

  function decomposition(groups) {
    return el("div", { class: "groups", "aria-label": "How the tiles group (best reading)" },
      groups.map((g) => el("figure", { class: `group ${g.concealed ? "" : "exposed"}`,
        "data-type": g.type },
        el("span", { class: "tiles" }, g.held.map((held, i) => tile(held, {
          wild: g.wild[i], standsFor: g.tiles[i] }))),
        el("figcaption", { text: GROUP_NAMES[g.type] || g.type }))));
  }

  function patternsTable(patterns) {
    return table("Patterns 番种", ["中文", "English", "Value", "id", "Note"],
      patterns.map((p) => [el("span", { lang: "zh", text: p.name_zh }), p.name_en,
        el("span", { class: "value", text: formatValue(p.value, p.unit) }),
        el("code", { text: p.id }), p.note || ""]), "patterns");
  }

  function paymentsTable(payments) {
    return table("Payments 付款", ["Payer", "Amount", "Formula"],
      payments.map((p) => [p.payer, el("span", { class: "amount", text: String(p.amount) }),
        p.formula || ""]), "payments");
  }

  function waitsList(waits) {
    return el("div", { class: "waits" }, el("h3", { text: "Waits 听" }),
      el("ul", { class: "wait-list" }, waits.map((w) => el("li", { class: "wait" },
        tile(w.tile),
        w.total !== null && w.total !== undefined
          ? el("span", { class: "wait-total", text: String(w.total) }) : null,
        w.patterns && w.patterns.length
          ? el("span", { class: "wait-patterns", text: w.patterns.join(" ") }) : null,
        w.note ? el("span", { class: "wait-note", text: w.note }) : null))));
  }

  /** An /evaluate answer (or a winner's evaluation inside /settle). */
  function evaluation(ev) {
    const verdict = ev.winning ? "胡 Winning hand" : (REASONS[ev.reason] || "Not winning");
    const facts = [];
    if (ev.shape) facts.push(["Shape", ev.shape]);
    if (ev.multiplier !== null && ev.multiplier !== undefined) facts.push(["Multiplier", `×${ev.multiplier}`]);
    if (ev.fan !== null && ev.fan !== undefined) facts.push(["Fan 番", String(ev.fan)]);
    if (ev.total !== null && ev.total !== undefined) facts.push(["Total", String(ev.total)]);
    if (ev.readings) facts.push(["Readings scored", String(ev.readings)]);
    return el("div", { class: `evaluation ${ev.winning ? "win" : "no-win"}` },
      el("p", { class: "verdict" }, el("strong", { text: verdict }),
        ev.reason ? el("code", { class: "reason", text: ev.reason }) : null,
        ev.message ? el("span", { class: "message", text: ev.message }) : null),
      facts.length ? el("dl", { class: "facts" }, facts.map(([k, v]) =>
        el("div", {}, el("dt", { text: k }), el("dd", { "data-fact": k, text: v })))) : null,
      ev.decomposition && ev.decomposition.length ? decomposition(ev.decomposition) : null,
      ev.patterns && ev.patterns.length ? patternsTable(ev.patterns) : null,
      ev.payments && ev.payments.length ? paymentsTable(ev.payments) : null,
      ev.waits && ev.waits.length ? waitsList(ev.waits) : null,
      ev.notes && ev.notes.length ? el("ul", { class: "notes" },
        ev.notes.map((n) => el("li", { text: n }))) : null);
  }

  const WINDS = ["E", "S", "W", "N"];
  function seatName(seat, dealer) {
    const wind = dealer === null || dealer === undefined ? null : WINDS[(seat - dealer + 4) % 4];
    return wind ? `Seat ${seat} (${HONOUR_ZH[wind][0]} ${wind})` : `Seat ${seat}`;
  }

  function signed(n) {
    return n > 0 ? `+${n}` : String(n);
  }

  function deltasTable(deltas, dealer) {
    return table("Result by seat 输赢", ["Seat", "Δ"], deltas.map((d, seat) =>
      [seatName(seat, dealer), el("span", { class: `delta ${d > 0 ? "up" : d < 0 ? "down" : ""}`,
        "data-seat": String(seat), text: signed(d) })]), "deltas");
  }

  function ledgerTable(ledger, dealer) {
    return table("Ledger 明细", ["From", "To", "Amount", "Reason", "Detail"],
      ledger.map((t) => [seatName(t.from, dealer), seatName(t.to, dealer),
        el("span", { class: "amount", text: String(t.amount) }), el("code", { text: t.reason }),
        t.detail || ""]), "ledger");
  }

  function jingScores(scores, dealer) {
    return el("div", { class: "jing-scores" }, scores.map((score) => el("section", {},
      el("h3", {}, `Jing 精 (${score.indicator}): 正精 `, tile(score.zheng, { small: true }),
        " 副精 ", tile(score.fu, { small: true })),
      score.seats && score.seats.length ? table(null, ["Seat", "Count", "Score", "冲关", "霸精"],
        score.seats.map((s) => [seatName(s.seat, dealer), String(s.count), String(s.score),
          s.chong_guan ? "✓" : "", s.ba_jing ? "✓" : ""]), "jing-seats") : null)));
  }

  /** A /settle answer: deltas, ledger, each winner's evaluation, jing scores. */
  function settlement(answer, dealer) {
    return el("div", { class: "settlement" },
      deltasTable(answer.deltas || [], dealer),
      answer.ledger && answer.ledger.length ? ledgerTable(answer.ledger, dealer)
        : el("p", { class: "empty", text: "No transfers." }),
      (answer.jing || []).length ? jingScores(answer.jing, dealer) : null,
      (answer.winners || []).map((w) => el("section", { class: "winner" },
        el("h3", { text: `Winner: ${seatName(w.seat, dealer)}` }), evaluation(w.evaluation))),
      answer.notes && answer.notes.length ? el("ul", { class: "notes" },
        answer.notes.map((n) => el("li", { text: n }))) : null);
  }

  // ------------------------------------------------------------------------------- matches
  const SEAT_COLOURS = ["#0b6e4f", "#b3261e", "#2f5fb3", "#9a5b00"];

  /** An SVG element (the chart's; ``el`` makes HTML ones). */
  function svgNode(tag, attrs, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined) node.setAttribute(key, String(value));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined) {
        node.append(typeof child === "string" ? document.createTextNode(child) : child);
      }
    }
    return node;
  }

  function standingsTable(standings) {
    return table("Standings 排名", ["Rank", "Seat", "Total"], standings.map((s) => [
      String(s.rank), seatName(s.seat, null),
      el("span", { class: `delta ${s.total > 0 ? "up" : s.total < 0 ? "down" : ""}`,
        "data-seat": String(s.seat), text: signed(s.total) })]), "standings");
  }

  /** The running totals as a line chart (inline SVG): one line per seat, from 0 before the
   * first round to the final totals. */
  function totalsChart(rounds) {
    const series = [0, 1, 2, 3].map((seat) => [0, ...rounds.map((r) => r.totals[seat])]);
    const values = series.flat();
    const low = Math.min(0, ...values);
    const high = Math.max(0, ...values);
    const width = 520, height = 240, left = 48, right = 12, top = 12, bottom = 30;
    const steps = Math.max(1, rounds.length);
    const x = (i) => left + (i * (width - left - right)) / steps;
    const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low || 1);
    const every = Math.max(1, Math.ceil(rounds.length / 16));
    const ticks = [];
    for (let i = 0; i <= rounds.length; i += every) {
      ticks.push(svgNode("text", { x: x(i), y: height - 10, "text-anchor": "middle",
        class: "tick" }, String(i)));
    }
    const finals = rounds.length ? rounds[rounds.length - 1].totals : [0, 0, 0, 0];
    const label = "Running totals by seat after each round: "
      + finals.map((t, seat) => `seat ${seat} ${signed(t)}`).join(", ");
    return el("figure", { class: "totals-chart" },
      svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label },
        svgNode("title", {}, label),
        svgNode("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "zero" }),
        svgNode("text", { x: left - 6, y: y(high) + 4, "text-anchor": "end", class: "tick" },
          String(high)),
        svgNode("text", { x: left - 6, y: y(low) + 4, "text-anchor": "end", class: "tick" },
          String(low)),
        low < 0 && high > 0 ? svgNode("text", { x: left - 6, y: y(0) + 4, "text-anchor": "end",
          class: "tick" }, "0") : null,
        ticks,
        series.map((points, seat) => svgNode("polyline", { fill: "none",
          stroke: SEAT_COLOURS[seat], "stroke-width": 2.5, "data-seat": seat,
          points: points.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ") }))),
      el("figcaption", {}, "Running totals 累计 (round on the axis) · ",
        [0, 1, 2, 3].map((seat) => el("span", { class: `legend seat-${seat}`,
          text: `Seat ${seat} ${signed(finals[seat])}` }))));
  }

  function roundsTable(rounds) {
    const has = (key) => rounds.some((r) => r[key] !== null && r[key] !== undefined);
    const carried = rounds.some((r) => r.carried_jing && Object.keys(r.carried_jing).length);
    const headers = ["Round", "Dealer", ...(has("round_wind") ? ["Wind 圈风"] : []),
      ...(has("floor") ? ["Floor 楼"] : []), ...(carried ? ["回头一笑"] : []),
      ...[0, 1, 2, 3].map((s) => `Δ seat ${s}`), "Totals"];
    return table("Rounds 每局", headers, rounds.map((r, i) => [
      String(i), `Seat ${r.dealer}`,
      ...(has("round_wind") ? [r.round_wind ? `${HONOUR_ZH[r.round_wind][0]} ${r.round_wind}` : ""] : []),
      ...(has("floor") ? [r.floor === null ? "" : String(r.floor)] : []),
      ...(carried ? [r.carried_jing && r.carried_jing.previous_indicator
        ? tile(r.carried_jing.previous_indicator, { small: true }) : ""] : []),
      ...r.deltas.map((d, seat) => el("span", {
        class: `delta ${d > 0 ? "up" : d < 0 ? "down" : ""}`, "data-seat": String(seat),
        text: signed(d) })),
      r.totals.map(signed).join(" ")]), "match-rounds");
  }

  /** A /match answer: the standings, a chart of the running totals, the rounds, and each
   * round's settlement as /settle shows it. */
  function matchAnswer(answer) {
    const rounds = answer.rounds || [];
    return el("div", { class: "match" },
      standingsTable(answer.standings || []),
      totalsChart(rounds),
      roundsTable(rounds),
      rounds.map((r, i) => el("details", { class: "match-round" },
        el("summary", { text: `Round ${i}: dealer ${seatName(r.dealer, r.dealer)}, Δ `
          + r.deltas.map(signed).join(" ") }),
        settlement(r, r.dealer))));
  }

  /** A /jing answer. */
  function jingAnswer(answer, dealer) {
    return el("div", { class: "jing-answer" }, jingScores(answer.jing || [], dealer),
      answer.deltas ? deltasTable(answer.deltas, dealer) : null,
      answer.ledger && answer.ledger.length ? ledgerTable(answer.ledger, dealer) : null);
  }

  return { CODES, nameZh, nameEn, nextTile, parse, compact, el, tile, tiles, call, curl,
           placeErrors, clearErrors, renderProblem, evaluation, settlement, jingAnswer,
           matchAnswer, seatName, formatValue };
})();
