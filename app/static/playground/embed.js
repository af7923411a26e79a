/* The embed widget (GET /embed): one hand, scored by /evaluate, shown compactly. A host page
 * puts it in an iframe and may preset it with query parameters:
 *   /embed?variant=qinzhou&hand=123m456p789s111sEE&win_type=self_draw&jing=C
 * (a hand given this way is scored at once). After each change of size the widget posts
 * {type: "mahjong-scoring:height", height} to the parent so the host can size the iframe. */
"use strict";

(function () {
  const { el, tile, parse, compact, nameZh } = window.MJ;
  const $ = (id) => document.getElementById(id);
  let variants = {};

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
      label: `Remove ${nameZh(code)} ${code}`, onclick: () => {
        parsed.tiles.splice(i, 1);
        $("hand").value = compact(parsed.tiles);
        drawStrip();
      } })));
    $("count").textContent = parsed.tiles.length ? `${parsed.tiles.length} tiles` : "";
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
    return `/#${params}`;
  }

  async function score() {
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

  async function start() {
    const data = await (await fetch("/variants")).json();
    variants = Object.fromEntries(data.variants.map((v) => [v.name, v]));
    $("variant").replaceChildren(...data.variants.map((v) =>
      el("option", { value: v.name, text: `${v.title_zh} ${v.name}` })));
    const query = new URLSearchParams(location.search);
    if (variants[query.get("variant")]) $("variant").value = query.get("variant");
    if (["self_draw", "discard"].includes(query.get("win_type"))) $("win_type").value = query.get("win_type");
    $("hand").value = query.get("hand") || "";
    $("jing").value = query.get("jing") || "";
    showJing();
    $("palette").replaceChildren(...[0, 9, 18, 27].map((start) => el("div", { class: "palette-row" },
      MJ.CODES.slice(start, start === 27 ? 34 : start + 9).map((code) => tile(code, {
        tag: "button", extra: "pick", label: `Add ${nameZh(code)} ${code}`, onclick: () => {
          const parsed = parse($("hand").value);
          $("hand").value = parsed.error ? $("hand").value + code : compact([...parsed.tiles, code]);
          drawStrip();
        } })))));
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
