/* The embed widget (GET /embed): one hand, scored by /evaluate, shown compactly. A host page
 * puts it in an iframe and may preset every control with query parameters:
 *   /embed?variant=guangdong&hand=123m456p789sSSS99m&seat_wind=S&round_wind=E
 *          &win_type=discard&win_tile=9m&melds=EEE,concealed_kong:5555p&flags=last_tile&jing=C
 * (dealer=true is seat_wind=E; a hand given this way is scored at once). Everything a hand
 * needs has a control here, so every error the scorer names lands next to a control the
 * player can mend; one that names none says so and links the full playground.
 * After each change of size the widget posts {type: "mahjong-scoring:height", height} to
 * the parent so the host can size the iframe. */
"use strict";

(function () {
  const { el, tile, parse, compact, nameZh, t: tr } = window.MJ;
  const $ = (id) => document.getElementById(id);
  const WINDS = ["E", "S", "W", "N"];
  const MELD_TYPES = ["chow", "pung", "kong", "added_kong", "concealed_kong"];
  let variants = {};

  MJ.words({
    en: {
      page_title: "Mahjong hand scorer · 麻将计分", heading: "Mahjong hand scorer",
      variant: "Variant 玩法", win: "Win 胡法", jing: "精 indicator", jing_hint: "e.g. C",
      hand: "Hand 手牌", hand_hint: "with the winning tile, e.g. 123m456p789s111sEE",
      tiles: "Tiles (click to add)", palette: "Tile palette", submit: "Score 计算",
      open: "Open in the playground ↗", rules: "Rules ↗", remove_tile: (name) => `Remove ${name}`,
      add_tile: (name) => `Add ${name}`, n_tiles: (n) => `${n} tiles`,
      more: "Seat, melds, winning tile, flags", seat: "Seat 门风", round_wind: "Round wind 圈风",
      win_tile: "Winning tile 胡的牌", win_tile_hint: "e.g. 9m", melds: "Melds 副露",
      melds_hint: "e.g. EEE 123s concealed_kong:5555p",
      melds_help: "Each meld: its tiles (EEE pung, 123s chow, 5555p kong) or type:tiles "
        + "(concealed_kong:5555p, added_kong:…), separated by spaces.",
      flags: "Flags", seat_dealer: (zh) => `${zh} E · dealer 庄家`,
      win_types: { self_draw: "自摸 self-draw", discard: "点炮 discard", rob_kong: "抢杠 robbing a kong",
                   kong_replacement: "杠上开花 kong replacement" },
      flag_names: { heavenly: "天胡 heavenly", earthly: "地胡 earthly", human: "人和 human",
                    last_tile: "海底 last tile", after_kong_discard: "杠上炮 after a kong",
                    kong_chain: "连杠 kongs in the chain", no_jing_held: "霸胡 no one holds jing",
                    others_no_jing: "德中德 others hold no jing" },
      bad_meld_type: (type) => `${type} is not a meld type: use ${MELD_TYPES.join(", ")}`,
      elsewhere: "The full playground has a control for this:",
    },
    zh: {
      page_title: "麻将计分", heading: "算一手牌", variant: "玩法", win: "胡法",
      jing: "精（翻出的牌）", jing_hint: "例如 C", hand: "手牌",
      hand_hint: "连同胡的那张，例如 123m456p789s111sEE", tiles: "牌（点一下加入）", palette: "选牌",
      submit: "计算", open: "在试玩页打开 ↗", rules: "规则 ↗",
      remove_tile: (name) => `删除 ${name}`, add_tile: (name) => `加入 ${name}`,
      n_tiles: (n) => `${n} 张`,
      more: "座位、副露、胡的牌、特殊情况", seat: "门风", round_wind: "圈风", win_tile: "胡的牌",
      win_tile_hint: "例如 9m", melds: "副露", melds_hint: "例如 EEE 123s concealed_kong:5555p",
      melds_help: "每个副露写它的牌（EEE 碰、123s 吃、5555p 杠）或 类型:牌（concealed_kong:5555p 暗杠、"
        + "added_kong:… 补杠），用空格隔开。",
      flags: "特殊情况", seat_dealer: (zh) => `${zh} E · 庄家`,
      win_types: { self_draw: "自摸", discard: "点炮", rob_kong: "抢杠", kong_replacement: "杠上开花" },
      flag_names: { heavenly: "天胡", earthly: "地胡", human: "人和", last_tile: "海底",
                    after_kong_discard: "杠上炮", kong_chain: "连杠次数", no_jing_held: "霸胡",
                    others_no_jing: "德中德" },
      bad_meld_type: (type) => `${type} 不是副露类型：可用 ${MELD_TYPES.join("、")}`,
      elsewhere: "这一项在完整的试玩页里可以改：",
    },
  });

  const variant = () => variants[$("variant").value] || {};
  const wild = () => Boolean(variant().shapes && variant().shapes.wild_jing);

  function drawStrip() {
    const parsed = parse($("hand").value);
    const ind = parse($("jing").value).tiles[0];
    const jing = wild() && ind ? new Set([ind, MJ.nextTile(ind)]) : new Set();
    $("strip").replaceChildren(...parsed.tiles.map((code, i) => tile(code, {
      tag: "button", small: true, wild: jing.has(code), extra: "removable",
      label: tr("remove_tile", `${nameZh(code)} ${code}`), onclick: () => {
        parsed.tiles.splice(i, 1);
        $("hand").value = compact(parsed.tiles);
        drawStrip();
      } })));
    $("count").textContent = parsed.tiles.length ? tr("n_tiles", parsed.tiles.length) : "";
  }

  /** "EEE 123s concealed_kong:5555p" → the API's melds; a meld without a type is a kong
   * (four tiles), a pung (three alike) or a chow. Returns {melds} or {error}. */
  function readMelds(text) {
    const melds = [];
    for (const entry of text.split(/[\s,;，；]+/).filter(Boolean)) {
      const colon = entry.indexOf(":");
      const tiles = colon < 0 ? entry : entry.slice(colon + 1);
      let type = colon < 0 ? "" : entry.slice(0, colon);
      if (type && !MELD_TYPES.includes(type)) return { error: tr("bad_meld_type", type) };
      if (!type) {
        const codes = parse(tiles).tiles;
        type = codes.length === 4 ? "kong" : codes.length === 3 && new Set(codes).size === 1
          ? "pung" : "chow";
      }
      melds.push({ type, tiles });
    }
    return { melds };
  }

  /** The /evaluate body; the seat control gives seat_wind, and dealer for East. */
  function request() {
    const body = { variant: $("variant").value, hand: $("hand").value.trim(),
                   win_type: $("win_type").value, seat_wind: $("seat_wind").value,
                   round_wind: $("round_wind").value };
    if (body.seat_wind === "E") body.dealer = true;
    if (!$("jing-field").hidden && $("jing").value.trim()) {
      body.jing = { indicator: $("jing").value.trim() };
    }
    if ($("win_tile").value.trim()) body.win_tile = $("win_tile").value.trim();
    const melds = readMelds($("melds").value).melds;
    if (melds && melds.length) body.melds = melds;
    const flags = {};
    $("flags").querySelectorAll("input").forEach((input) => {
      if (input.type === "checkbox" && input.checked) flags[input.name] = true;
      if (input.type === "number" && Number(input.value) > 0) flags[input.name] = Number(input.value);
    });
    if (Object.keys(flags).length) body.flags = flags;
    return body;
  }

  /** The same case in the full playground (its hash holds the request body, flattened). */
  function playgroundLink(body) {
    const params = new URLSearchParams({ mode: "evaluate" });
    for (const [key, value] of Object.entries(body)) {
      if (key === "jing") params.set("jing.indicator", value.indicator);
      else if (key === "melds") {
        value.forEach((m, i) => {
          params.set(`melds.${i}.type`, m.type);
          params.set(`melds.${i}.tiles`, m.tiles);
        });
      } else if (key === "flags") {
        for (const [flag, on] of Object.entries(value)) params.set(`flags.${flag}`, String(on));
      } else params.set(key, String(value));
    }
    return `/?lang=${MJ.language()}#${params}`;  // the playground opens in the same language
  }

  /** A problem: each error next to the control it names (the "more" panel opened when one is
   * there); an error naming no control here points to the full playground, which has it. */
  function showProblem(problem, status) {
    $("more").open = true;
    const unplaced = MJ.placeErrors($("form"), problem);
    const box = MJ.renderProblem(problem, status, unplaced);
    if (unplaced.length) {
      box.append(el("p", { class: "elsewhere" }, tr("elsewhere"), " ",
        el("a", { href: $("open").href, target: "_blank", rel: "noopener", text: tr("open") })));
    }
    $("answer").replaceChildren(box);
  }

  let scored = false;
  async function score() {
    scored = true;
    MJ.clearErrors($("form"));
    const melds = readMelds($("melds").value);
    const body = request();
    $("open").href = playgroundLink(body);
    if (melds.error) {  // told at once, next to the field; nothing sent
      showProblem({ errors: [{ field: "melds", message: melds.error }] }, "");
      return;
    }
    const answer = await MJ.call("/evaluate", body);
    MJ.clearErrors($("form"));
    if (!answer.ok) showProblem(answer.data, answer.status);
    else $("answer").replaceChildren(MJ.evaluation(answer.data));
    document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
  }

  /** The controls that follow the variant: jing, its win types, its flags. */
  function showVariant() {
    const v = variant();
    $("jing-field").hidden = !(v.jing || []).includes("indicator");
    $("rules").href = `/rules/${encodeURIComponent($("variant").value)}`;  // the rules book
    const winType = $("win_type").value || "self_draw";
    $("win_type").replaceChildren(...(v.win_types || ["self_draw", "discard"]).map((w) =>
      el("option", { value: w, text: tr("win_types")[w] || w })));
    if ((v.win_types || []).includes(winType)) $("win_type").value = winType;
    const ticked = new Set([...$("flags").querySelectorAll("input")]
      .filter((i) => i.checked || Number(i.value) > 0).map((i) => i.name));
    drawFlags(v.flags || [], ticked);
  }

  function drawFlags(names, ticked) {
    const legend = $("flags").querySelector("legend");
    $("flags").replaceChildren(legend, ...names.map((name) => {
      const id = `flag-${name}`;
      const input = name === "kong_chain"
        ? el("input", { type: "number", id, name, min: "0", max: "8", value: "0",
                        "data-field": `flags.${name}`, inputmode: "numeric" })
        : el("input", { type: "checkbox", id, name, "data-field": `flags.${name}` });
      if (input.type === "checkbox") input.checked = ticked.has(name);
      return el("div", { class: "field check" }, input,
        el("label", { for: id, text: tr("flag_names")[name] || name }));
    }));
    $("flags").hidden = !names.length;
  }

  function drawWinds() {
    const seat = $("seat_wind").value || "S";
    const round = $("round_wind").value || "E";
    $("seat_wind").replaceChildren(...WINDS.map((w) => el("option", { value: w,
      text: w === "E" ? tr("seat_dealer", nameZh(w)) : `${nameZh(w)} ${w}` })));
    $("round_wind").replaceChildren(...WINDS.map((w) => el("option", { value: w,
      text: `${nameZh(w)} ${w}` })));
    $("seat_wind").value = seat;
    $("round_wind").value = round;
  }

  function reportHeight() {
    if (window.parent === window) return;
    window.parent.postMessage({ type: "mahjong-scoring:height",
                                height: document.documentElement.scrollHeight }, "*");
  }

  async function loadVariants() {
    const data = await MJ.getJson("/variants");
    const chosen = $("variant").value;
    variants = Object.fromEntries(data.variants.map((v) => [v.name, v]));
    $("variant").replaceChildren(...data.variants.map((v) =>
      el("option", { value: v.name, text: `${v.title_zh} ${v.name}` })));
    if (variants[chosen]) $("variant").value = chosen;
  }

  function drawPalette() {
    $("palette").replaceChildren(...[0, 9, 18, 27].map((start) => el("div", { class: "palette-row" },
      MJ.CODES.slice(start, start === 27 ? 34 : start + 9).map((code) => tile(code, {
        tag: "button", extra: "pick", label: tr("add_tile", `${nameZh(code)} ${code}`), onclick: () => {
          const parsed = parse($("hand").value);
          $("hand").value = parsed.error ? $("hand").value + code : compact([...parsed.tiles, code]);
          drawStrip();
        } })))));
  }

  /** After the switch: the words, and the answer shown sent again in the new language. */
  async function relanguage() {
    await loadVariants();
    drawWinds();
    showVariant();
    drawPalette();
    drawStrip();
    if (scored) score();
  }

  /** The URL's presets; a value a control cannot take is left at the control's default. */
  function fromQuery(query) {
    if (variants[query.get("variant")]) $("variant").value = query.get("variant");
    showVariant();
    const seat = query.get("dealer") === "true" ? "E" : query.get("seat_wind");
    if (WINDS.includes(seat)) $("seat_wind").value = seat;
    if (WINDS.includes(query.get("round_wind"))) $("round_wind").value = query.get("round_wind");
    if ((variant().win_types || []).includes(query.get("win_type"))) {
      $("win_type").value = query.get("win_type");
    }
    $("hand").value = query.get("hand") || "";
    $("jing").value = query.get("jing") || query.get("jing.indicator") || "";
    $("win_tile").value = query.get("win_tile") || "";
    $("melds").value = (query.get("melds") || "").replace(/,/g, " ");
    const flags = new Set((query.get("flags") || "").split(",").filter(Boolean));
    $("flags").querySelectorAll("input[type=checkbox]").forEach((i) => { i.checked = flags.has(i.name); });
    const chain = $("flag-kong_chain");
    if (chain && /^\d$/.test(query.get("kong_chain") || "")) chain.value = query.get("kong_chain");
    const preset = ["seat_wind", "dealer", "win_tile", "melds", "flags", "kong_chain"]
      .some((key) => query.get(key));
    if (preset) $("more").open = true;  // what the host set is shown
    // The palette is open for a hand to enter; a hand the host gave is scored at once, so
    // the answer comes first (one tap opens the palette).
    $("palette-box").open = !$("hand").value;
  }

  async function start() {
    MJ.setLanguage(MJ.chooseLanguage(), false);
    await loadVariants();
    drawWinds();
    fromQuery(new URLSearchParams(location.search));
    drawPalette();
    MJ.languageSwitch(relanguage);
    $("variant").addEventListener("change", () => { showVariant(); drawStrip(); });
    $("hand").addEventListener("input", drawStrip);
    $("jing").addEventListener("input", drawStrip);
    $("form").addEventListener("submit", (event) => { event.preventDefault(); score(); });
    new ResizeObserver(reportHeight).observe(document.body);
    drawStrip();
    document.body.dataset.ready = "true";
    if ($("hand").value) score();
  }

  start();
})();
