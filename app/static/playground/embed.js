/* The embed widget (GET /embed): one hand, scored by /evaluate, shown compactly. A host page
 * puts it in an iframe and may preset it with query parameters:
 *   /embed?variant=qinzhou&hand=123m456p789s111sEE&win_type=self_draw&jing=C
 * (a hand given this way is scored at once). After each change of size the widget posts
 * {type: "mahjong-scoring:height", height} to the parent so the host can size the iframe. */
"use strict";

(function () {
  const { el, tile, parse, compact, nameZh, t: tr } = window.MJ;
  const $ = (id) => document.getElementById(id);
  let variants = {};

  MJ.words({
    en: {
      page_title: "Mahjong hand scorer · 麻将计分", heading: "Mahjong hand scorer",
      variant: "Variant 玩法", win: "Win 胡法", self_draw: "自摸 self-draw",
      discard: "点炮 discard", jing: "精 indicator", jing_hint: "e.g. C", hand: "Hand 手牌",
      hand_hint: "14 tiles, e.g. 123m456p789s111sEE", tiles: "Tiles (click to add)",
      palette: "Tile palette", submit: "Score 计算", open: "Open in the playground ↗",
      rules: "Rules ↗", remove_tile: (name) => `Remove ${name}`,
      add_tile: (name) => `Add ${name}`, n_tiles: (n) => `${n} tiles`,
    },
    zh: {
      page_title: "麻将计分", heading: "算一手牌", variant: "玩法", win: "胡法",
      self_draw: "自摸", discard: "点炮", jing: "精（翻出的牌）", jing_hint: "例如 C",
      hand: "手牌", hand_hint: "14 张，例如 123m456p789s111sEE", tiles: "牌（点一下加入）",
      palette: "选牌", submit: "计算", open: "在试玩页打开 ↗", rules: "规则 ↗",
      remove_tile: (name) => `删除 ${name}`, add_tile: (name) => `加入 ${name}`,
      n_tiles: (n) => `${n} 张`,
    },
  });

  const wild = () => {
    const v = variants[$("variant").value];
    return Boolean(v && v.shapes && v.shapes.wild_jing);
  };

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

  function request() {
    const body = { variant: $("variant").value, hand: $("hand").value.trim(),
                   win_type: $("win_type").value };
    if (!$("jing-field").hidden && $("jing").value.trim()) {
      body.jing = { indicator: $("jing").value.trim() };
    }
    return body;
  }

  function playgroundLink(body) {
    const params = new URLSearchParams({ mode: "evaluate", variant: body.variant, hand: body.hand,
                                         win_type: body.win_type });
    if (body.jing) params.set("jing.indicator", body.jing.indicator);
    return `/?lang=${MJ.language()}#${params}`;  // the playground opens in the same language
  }

  let scored = false;
  async function score() {
    scored = true;
    const body = request();
    $("open").href = playgroundLink(body);
    const answer = await MJ.call("/evaluate", body);
    MJ.clearErrors($("form"));
    if (!answer.ok) {
      const unplaced = MJ.placeErrors($("form"), answer.data);
      $("answer").replaceChildren(MJ.renderProblem(answer.data, answer.status, unplaced));
    } else {
      $("answer").replaceChildren(MJ.evaluation(answer.data));
    }
  }

  function showJing() {
    $("jing-field").hidden = !(variants[$("variant").value].jing || []).includes("indicator");
    $("rules").href = `/rules/${encodeURIComponent($("variant").value)}`;  // the rules book
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
    drawPalette();
    drawStrip();
    if (scored) score();
  }

  async function start() {
    MJ.setLanguage(MJ.chooseLanguage(), false);
    await loadVariants();
    const query = new URLSearchParams(location.search);
    if (variants[query.get("variant")]) $("variant").value = query.get("variant");
    if (["self_draw", "discard"].includes(query.get("win_type"))) $("win_type").value = query.get("win_type");
    $("hand").value = query.get("hand") || "";
    $("jing").value = query.get("jing") || "";
    showJing();
    drawPalette();
    MJ.languageSwitch(relanguage);
    $("variant").addEventListener("change", () => { showJing(); drawStrip(); });
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
