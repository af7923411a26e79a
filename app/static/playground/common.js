/* Shared by the playground (/) and the widget (/embed): tiles, API calls, and the renderers
 * that show an answer "as people read it". Plain browser JavaScript, no build step.
 *
 * The page never scores anything itself: it sends what the user entered to the API and shows
 * every field the answer has. Tile parsing here is for display only (the tile strip under a
 * field); the server's parser is the authority and its errors are shown next to the field. */
"use strict";

window.MJ = (function () {
  // ------------------------------------------------------------------------------- language
  // The page's own words (labels, headings, hints, the errors the script writes) in both
  // languages, keyed by meaning. The answers' sentences are the server's: every request sends
  // Accept-Language for the language chosen here, so they come back in it.
  const WORDS = { en: {}, zh: {} };
  const HTTP_LANG = { en: "en", zh: "zh-CN" };
  const STORE_KEY = "mahjong-scoring:lang";
  let lang = "en";

  /** Add a page's words: {en: {key: text | (args) => text | {...}}, zh: {...}}. */
  function words(more) {
    for (const code of Object.keys(WORDS)) Object.assign(WORDS[code], more[code] || {});
  }

  /** The text for ``key`` in the current language (English when the key has no Chinese). */
  function t(key, ...args) {
    const found = key in WORDS[lang] ? WORDS[lang][key] : WORDS.en[key];
    if (found === undefined) return key;
    return typeof found === "function" ? found(...args) : found;
  }

  /** "zh" or "en" from a language tag, or null for a language the page does not have. */
  function known(tag) {
    const primary = String(tag || "").toLowerCase().split(/[-_]/)[0];
    return primary === "zh" || primary === "en" ? primary : null;
  }

  /** The browser's preference: the first of navigator.languages that is Chinese or English
   * decides (so zh-TW, zh-CN, zh all read Chinese); none of them → English. */
  function browserLanguage() {
    const list = navigator.languages && navigator.languages.length ? navigator.languages
      : [navigator.language];
    for (const tag of list) if (known(tag)) return known(tag);
    return "en";
  }

  /** ``lang=zh|en`` from the page's query; anything else (or a long value) is ignored, as a
   * shared link's out-of-bounds entries are. */
  function linkLanguage() {
    const value = new URLSearchParams(location.search).get("lang");
    return value === "zh" || value === "en" ? value : null;
  }

  function storedLanguage() {
    try {
      const value = localStorage.getItem(STORE_KEY);
      return value === "zh" || value === "en" ? value : null;
    } catch (err) {
      return null;  // storage refused (a sandboxed or third-party iframe)
    }
  }

  /** The link's lang= first, then the user's earlier choice, then the browser's languages. */
  function chooseLanguage() {
    return linkLanguage() || storedLanguage() || browserLanguage();
  }

  /** Every [data-i18n] element's text (and [data-i18n-label]'s aria-label, [data-i18n-title]'s
   * title) in the current language; <html lang> and the switch's pressed button follow. */
  function translatePage() {
    document.documentElement.lang = HTTP_LANG[lang];
    document.querySelectorAll("[data-i18n]").forEach((node) => {
      node.textContent = t(node.dataset.i18n);
    });
    document.querySelectorAll("[data-i18n-label]").forEach((node) => {
      node.setAttribute("aria-label", t(node.dataset.i18nLabel));
    });
    document.querySelectorAll("[data-i18n-placeholder]").forEach((node) => {
      node.setAttribute("placeholder", t(node.dataset.i18nPlaceholder));
    });
    if (t("page_title") !== "page_title") document.title = t("page_title");
    document.querySelectorAll(".lang-switch [data-lang]").forEach((button) => {
      button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    });
  }

  /** Use ``code`` from now on. ``remember``: the user chose it with the switch, so it is
   * stored, and a lang= already in the address is rewritten (a reload or a copied link keeps
   * the choice). */
  function setLanguage(code, remember) {
    lang = code === "zh" ? "zh" : "en";
    if (remember) {
      try { localStorage.setItem(STORE_KEY, lang); } catch (err) { /* not remembered */ }
      if (linkLanguage()) {
        const url = new URL(location.href);
        url.searchParams.set("lang", lang);
        history.replaceState(history.state, "", url);
      }
    }
    translatePage();
  }

  /** Wire the header's 中文 / English buttons; ``changed`` runs after each switch. */
  function languageSwitch(changed) {
    document.querySelectorAll(".lang-switch [data-lang]").forEach((button) => {
      button.addEventListener("click", () => {
        if (button.dataset.lang === lang) return;
        setLanguage(button.dataset.lang, true);
        changed(lang);
      });
    });
  }

  const language = () => lang;
  const acceptLanguage = () => HTTP_LANG[lang];

  words({
    en: {
      network_error: "Network error",
      no_answer: (why) => `the service did not answer: ${why}`,
      error: "Error",
      groups: { chow: "顺子 chow", pung: "刻子 pung", pair: "将 pair", single: "单张 single",
                kong: "明杠 kong", added_kong: "补杠 added kong",
                concealed_kong: "暗杠 concealed kong" },
      reasons: { waiting: "听牌 Waiting", not_ready: "未听 Not ready",
                 not_complete: "未胡 Not a winning hand" },
      winning: "胡 Winning hand", not_winning: "Not winning",
      fact_shape: "Shape", fact_multiplier: "Multiplier", fact_fan: "Fan 番", fact_total: "Total",
      fact_readings: "Readings scored",
      grouping: "How the tiles group (best reading)",
      tile_jing: (name, code, as, asCode) => `${name} ${code}, jing (精) standing for ${as} ${asCode}`,
      patterns: "Patterns 番种", patterns_head: ["Pattern", "Value", "id", "Note"],
      payments: "Payments 付款", payments_head: ["Payer", "Amount", "Formula"],
      waits: "Waits 听",
      seat: (seat) => `Seat ${seat}`,
      seat_wind: (seat, zh, wind) => `Seat ${seat} (${zh} ${wind})`,
      deltas: "Result by seat 输赢", deltas_head: ["Seat", "Δ"],
      ledger: "Ledger 明细", ledger_head: ["From", "To", "Amount", "Reason", "Detail"],
      jing_title: (indicator) => `Jing 精 (${indicator}): 正精 `,
      jing_head: ["Seat", "Count", "Score", "冲关", "霸精"],
      no_transfers: "No transfers.", winner: (seat) => `Winner: ${seat}`,
      standings: "Standings 排名", standings_head: ["Rank", "Seat", "Total"],
      chart_label: "Running totals by seat after each round: ",
      chart_seat: (seat, total) => `seat ${seat} ${total}`,
      chart_caption: "Running totals 累计 (round on the axis) · ",
      rounds: "Rounds 每局", round: "Round", dealer: "Dealer", wind: "Wind 圈风",
      floor: "Floor 楼", delta_seat: (seat) => `Δ seat ${seat}`, totals: "Totals",
      round_summary: (i, seat) => `Round ${i}: dealer ${seat}, Δ `,
      shapes: { standard: "standard (four sets and a pair)", seven_pairs: "seven pairs",
                shi_san_yao: "十三幺 thirteen orphans", shi_san_lan: "十三烂 thirteen unmatched" },
      payers: { each: "each other player", dealer: "the dealer", non_dealer: "a non-dealer",
                discarder: "the discarder", robbed: "the robbed player",
                liable: "the liable player (包)" },
      parse_no_digits: (suit) => `suit letter ${suit} has no digits before it`,
      parse_not_tile: (code) => `${code} is not a tile`,
      parse_digits_then_suit: "digits must be followed by a suit letter",
      parse_unknown: (ch) => `unknown tile character ${ch}`,
      parse_no_suit: "digits without a suit letter",
    },
    zh: {
      network_error: "网络错误",
      no_answer: (why) => `服务没有应答：${why}`,
      error: "错误",
      groups: { chow: "顺子", pung: "刻子", pair: "将", single: "单张", kong: "明杠",
                added_kong: "补杠", concealed_kong: "暗杠" },
      reasons: { waiting: "听牌", not_ready: "未听", not_complete: "未胡" },
      winning: "胡牌", not_winning: "未胡",
      fact_shape: "牌型", fact_multiplier: "倍数", fact_fan: "番", fact_total: "合计",
      fact_readings: "计分的拆法数",
      grouping: "牌的组合（最佳拆法）",
      tile_jing: (name, code, as, asCode) => `${name} ${code}，精，当作 ${as} ${asCode}`,
      patterns: "番种", patterns_head: ["番种", "分值", "id", "说明"],
      payments: "付款", payments_head: ["付款人", "金额", "算式"],
      waits: "听牌",
      seat: (seat) => `${seat}号位`,
      seat_wind: (seat, zh) => `${seat}号位（${zh}家）`,
      deltas: "输赢", deltas_head: ["座位", "Δ"],
      ledger: "明细", ledger_head: ["付方", "收方", "金额", "原因", "说明"],
      jing_title: (indicator) => `精（${indicator}）：正精 `,
      jing_head: ["座位", "张数", "得分", "冲关", "霸精"],
      no_transfers: "没有转账。", winner: (seat) => `胡牌：${seat}`,
      standings: "排名", standings_head: ["名次", "座位", "合计"],
      chart_label: "每局之后各座位的累计：",
      chart_seat: (seat, total) => `${seat}号位 ${total}`,
      chart_caption: "累计（横轴为局数）· ",
      rounds: "每局", round: "局", dealer: "庄家", wind: "圈风", floor: "楼",
      delta_seat: (seat) => `Δ ${seat}号位`, totals: "累计",
      round_summary: (i, seat) => `第 ${i} 局：庄家 ${seat}，Δ `,
      shapes: { standard: "标准（四组一将）", seven_pairs: "七对", shi_san_yao: "十三幺",
                shi_san_lan: "十三烂" },
      payers: { each: "每家", dealer: "庄家", non_dealer: "闲家", discarder: "放炮者",
                robbed: "被抢杠者", liable: "包牌者" },
      parse_no_digits: (suit) => `花色字母 ${suit} 前面没有数字`,
      parse_not_tile: (code) => `${code} 不是牌`,
      parse_digits_then_suit: "数字后面须跟花色字母",
      parse_no_suit: "数字后面没有花色字母",
      parse_unknown: (ch) => `不认识的牌字符 ${ch}`,
    },
  });

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
      if (!pending.length) throw new Error(t("parse_no_digits", suit));
      for (const d of pending) {
        if (suit === "z") {
          if (!Z_DIGITS[d]) throw new Error(t("parse_not_tile", `${d}z`));
          tiles.push(Z_DIGITS[d]);
        } else if (d === "0") {
          throw new Error(t("parse_not_tile", `0${suit}`));
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
          throw new Error(t("parse_digits_then_suit"));
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
        if (!honour) throw new Error(t("parse_unknown", ch));
        tiles.push(honour[1]);
        i += Array.from(honour[0]).length - 1;
        if ("ESWN".includes(honour[1]) && "风風".includes(chars[i + 1] || "x")) i += 1;
      }
      if (pending.length) throw new Error(t("parse_no_suit"));
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
      ? t("tile_jing", nameZh(code), code, nameZh(o.standsFor), o.standsFor)
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
  /** GET a JSON document (GET /variants) in the chosen language. */
  async function getJson(path) {
    const response = await fetch(path, { headers: { "Accept-Language": acceptLanguage() } });
    return response.json();
  }

  /** POST a JSON body; resolves to {status, ok, data, text} and never throws on HTTP errors.
   * Accept-Language asks for the answer's sentences in the page's language. */
  async function call(path, body) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST", body: JSON.stringify(body),
        headers: { "Content-Type": "application/json", "Accept-Language": acceptLanguage() },
      });
    } catch (err) {
      return { status: 0, ok: false, text: "", data: {
        title: t("network_error"), detail: t("no_answer", err.message) } };
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
      + `  -H 'Accept-Language: ${acceptLanguage()}' -d ${shellQuote(JSON.stringify(body))}`;
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
      el("p", { class: "problem-title" }, el("strong", { text: `${status || ""} ${problem.title || t("error")}` })),
      problem.detail ? el("p", { text: problem.detail }) : null,
      unplaced && unplaced.length ? el("ul", {}, unplaced.map((e) =>
        el("li", {}, el("code", { text: e.field || "body" }), ": ", e.message))) : null);
  }

  // ------------------------------------------------------------------------------- answers

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
    return el("div", { class: "groups", "aria-label": t("grouping") },
      groups.map((g) => el("figure", { class: `group ${g.concealed ? "" : "exposed"}`,
        "data-type": g.type },
        el("span", { class: "tiles" }, g.held.map((held, i) => tile(held, {
          wild: g.wild[i], standsFor: g.tiles[i] }))),
        el("figcaption", { text: t("groups")[g.type] || g.type }))));
  }

  function patternsTable(patterns) {
    // The pattern's name in the page's language (the answer carries both).
    return table(t("patterns"), t("patterns_head"),
      patterns.map((p) => [lang === "zh" ? el("span", { lang: "zh-CN", text: p.name_zh })
        : el("span", { lang: "en", text: p.name_en }),
        el("span", { class: "value", text: formatValue(p.value, p.unit) }),
        el("code", { text: p.id }), p.note || ""]), "patterns");
  }

  /** A payer role (dealer, non_dealer, …) in the page's language; the id stays its hook. */
  function payerName(role) {
    return el("span", { "data-payer": role, text: t("payers")[role] || role });
  }

  /** The answer's shape in the page's language: the name of the pattern it is (Jiangxi's
   * shapes are patterns: ping_hu 平胡), else the page's word for it, else its id. */
  function shapeName(ev) {
    const pattern = (ev.patterns || []).find((p) => p.id === ev.shape);
    if (pattern) return lang === "zh" ? pattern.name_zh : pattern.name_en;
    return t("shapes")[ev.shape] || ev.shape;
  }

  function paymentsTable(payments) {
    return table(t("payments"), t("payments_head"),
      payments.map((p) => [payerName(p.payer), el("span", { class: "amount", text: String(p.amount) }),
        p.formula || ""]), "payments");
  }

  function waitsList(waits) {
    return el("div", { class: "waits" }, el("h3", { text: t("waits") }),
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
    const verdict = ev.winning ? t("winning") : (t("reasons")[ev.reason] || t("not_winning"));
    const facts = [];
    if (ev.shape) facts.push(["fact_shape", shapeName(ev)]);
    if (ev.multiplier !== null && ev.multiplier !== undefined) facts.push(["fact_multiplier", `×${ev.multiplier}`]);
    if (ev.fan !== null && ev.fan !== undefined) facts.push(["fact_fan", String(ev.fan)]);
    if (ev.total !== null && ev.total !== undefined) facts.push(["fact_total", String(ev.total)]);
    if (ev.readings) facts.push(["fact_readings", String(ev.readings)]);
    return el("div", { class: `evaluation ${ev.winning ? "win" : "no-win"}` },
      el("p", { class: "verdict" }, el("strong", { text: verdict }),
        ev.reason ? el("code", { class: "reason", text: ev.reason }) : null,
        ev.message ? el("span", { class: "message", text: ev.message }) : null),
      facts.length ? el("dl", { class: "facts" }, facts.map(([k, v]) =>
        // data-fact is the English label in both languages: a stable hook for scripts.
        el("div", {}, el("dt", { text: t(k) }), el("dd", { "data-fact": WORDS.en[k], text: v }))))
        : null,
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
    return wind ? t("seat_wind", seat, HONOUR_ZH[wind][0], wind) : t("seat", seat);
  }

  function signed(n) {
    return n > 0 ? `+${n}` : String(n);
  }

  function deltasTable(deltas, dealer) {
    return table(t("deltas"), t("deltas_head"), deltas.map((d, seat) =>
      [seatName(seat, dealer), el("span", { class: `delta ${d > 0 ? "up" : d < 0 ? "down" : ""}`,
        "data-seat": String(seat), text: signed(d) })]), "deltas");
  }

  function ledgerTable(ledger, dealer) {
    return table(t("ledger"), t("ledger_head"),
      ledger.map((t) => [seatName(t.from, dealer), seatName(t.to, dealer),
        el("span", { class: "amount", text: String(t.amount) }), el("code", { text: t.reason }),
        t.detail || ""]), "ledger");
  }

  function jingScores(scores, dealer) {
    return el("div", { class: "jing-scores" }, scores.map((score) => el("section", {},
      el("h3", {}, t("jing_title", score.indicator), tile(score.zheng, { small: true }),
        " 副精 ", tile(score.fu, { small: true })),
      score.seats && score.seats.length ? table(null, t("jing_head"),
        score.seats.map((s) => [seatName(s.seat, dealer), String(s.count), String(s.score),
          s.chong_guan ? "✓" : "", s.ba_jing ? "✓" : ""]), "jing-seats") : null)));
  }

  /** A /settle answer: deltas, ledger, each winner's evaluation, jing scores. */
  function settlement(answer, dealer) {
    return el("div", { class: "settlement" },
      deltasTable(answer.deltas || [], dealer),
      answer.ledger && answer.ledger.length ? ledgerTable(answer.ledger, dealer)
        : el("p", { class: "empty", text: t("no_transfers") }),
      (answer.jing || []).length ? jingScores(answer.jing, dealer) : null,
      (answer.winners || []).map((w) => el("section", { class: "winner" },
        el("h3", { text: t("winner", seatName(w.seat, dealer)) }), evaluation(w.evaluation))),
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
    return table(t("standings"), t("standings_head"), standings.map((s) => [
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
    const label = t("chart_label")
      + finals.map((total, seat) => t("chart_seat", seat, signed(total))).join(", ");
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
      el("figcaption", {}, t("chart_caption"),
        [0, 1, 2, 3].map((seat) => el("span", { class: `legend seat-${seat}`,
          text: `${seatName(seat, null)} ${signed(finals[seat])}` }))));
  }

  function roundsTable(rounds) {
    const has = (key) => rounds.some((r) => r[key] !== null && r[key] !== undefined);
    const carried = rounds.some((r) => r.carried_jing && Object.keys(r.carried_jing).length);
    const headers = [t("round"), t("dealer"), ...(has("round_wind") ? [t("wind")] : []),
      ...(has("floor") ? [t("floor")] : []), ...(carried ? ["回头一笑"] : []),
      ...[0, 1, 2, 3].map((s) => t("delta_seat", s)), t("totals")];
    return table(t("rounds"), headers, rounds.map((r, i) => [
      String(i), seatName(r.dealer, null),
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
        el("summary", { text: t("round_summary", i, seatName(r.dealer, r.dealer))
          + r.deltas.map(signed).join(" ") }),
        settlement(r, r.dealer))));
  }

  /** A /jing answer. */
  function jingAnswer(answer, dealer) {
    return el("div", { class: "jing-answer" }, jingScores(answer.jing || [], dealer),
      answer.deltas ? deltasTable(answer.deltas, dealer) : null,
      answer.ledger && answer.ledger.length ? ledgerTable(answer.ledger, dealer) : null);
  }

  return { CODES, nameZh, nameEn, nextTile, parse, compact, el, tile, tiles, call, curl, getJson,
           words, t, language, acceptLanguage, chooseLanguage, setLanguage, translatePage,
           languageSwitch,
           placeErrors, clearErrors, renderProblem, evaluation, settlement, jingAnswer,
           matchAnswer, seatName, formatValue, svgNode };
})();
