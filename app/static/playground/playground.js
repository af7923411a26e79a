/* The playground page (GET /): a form for /evaluate, /settle, /jing and /match, a tile palette, the
 * "what to discard" panel (/advise) under the hand,
 * answer as people read it, the raw request/response with a curl command, and the whole case
 * kept in the URL (#mode=…&variant=…&hand=…) so that it can be shared.
 *
 * The state is one object; the form is drawn from it and every input writes back into it.
 * The request body is built from the state, and the URL holds that request body, flattened
 * (melds.0.tiles=EEE), so a shared link replays exactly the same request. */
"use strict";

(function () {
  const { el, tile, parse, compact, nameZh, t: tr } = window.MJ;
  const $ = (id) => document.getElementById(id);
  const SHANTEN_ZH = ["", "一", "两", "三", "四", "五", "六", "七", "八"];  // 一向听, 两向听, …

  // The page's words in both languages (the answers' sentences come from the server).
  MJ.words({
    en: {
      page_title: "Mahjong scoring playground · 麻将计分", skip: "Skip to the answer",
      heading: "Mahjong scoring playground", nav_service: "Service", rules_book: "Rules book",
      embed_widget: "Embed widget", replay_viewer: "Replay viewer", rules_version: "rules", variant: "Variant 玩法",
      endpoint: "Endpoint", tab_evaluate: "Evaluate a hand", tab_settle: "Settle a round",
      tab_jing: "Jing", tab_match: "A whole match", example: "Example", reset: "Clear",
      copy_link: "Copy link to this case", tiles: "Tiles",
      palette_before: "Click a tile to add it to",
      palette_after: "(click a field to choose where tiles go; click a tile under a field to "
        + "remove it).",
      palette: "Tile palette", backspace: "⌫ Remove last", clear_field: "Clear field",
      answer: "Answer", raw: "Request, response and curl", copy: "Copy", copied: "Copied",
      request: "Request", response: "Response", no_status: "no answer",
      meld_types: { chow: "吃 chow", pung: "碰 pung", kong: "明杠 kong",
                    added_kong: "补杠 added kong", concealed_kong: "暗杠 concealed kong" },
      win_types: { self_draw: "自摸 self-draw", discard: "点炮 on a discard",
                   rob_kong: "抢杠 robbing a kong", kong_replacement: "杠上开花 kong replacement" },
      flags: { heavenly: "天胡 heavenly", earthly: "地胡 earthly", human: "人和 human",
               last_tile: "海底 last tile", after_kong_discard: "杠上炮 after the discarder's kong",
               kong_chain: "连杠 kongs in the chain", no_jing_held: "霸胡 no player holds jing",
               others_no_jing: "德中德 the other three hold no jing" },
      jing_fields: { indicator: "精 indicator (上精)", lower_indicator: "下精 lower indicator",
                     previous_indicator: "回头一笑 previous indicator",
                     previous_lower_indicator: "回头上下翻 previous lower indicator" },
      rounds_not_list: "the rounds must be a JSON list [ … ]",
      rounds_not_json: (why) => `the rounds are not valid JSON: ${why}`,
      e_g: (example) => `e.g. ${example}`, remove_tile: (name) => `Remove ${name}`,
      add_tile: (name) => `Add ${name}`, n_tiles: (n) => `${n} tiles`,
      type: "Type", meld_tiles: (n) => `Meld ${n} tiles`, from_seat: "From seat",
      remove: "Remove", remove_meld: (n) => `Remove meld ${n}`, add_meld: "+ Add meld",
      melds: "Melds 副露 / 暗杠", jing: "Jing 精", flags_legend: "Flags",
      rule_options: "Rule options 规则",
      option_hint: (value, seed) => `default ${value} · seed ${seed}`,
      hand: "Hand 手牌",
      hand_hint: "Concealed tiles, with the winning tile: 14 (+1 per kong) to score, 13 to "
        + "list the waits. Any notation: 123m456p789sEEECC, 1z-7z, 一万 东风, Unicode tiles.",
      win_tile: "Winning tile", win_type: "Win type 胡法", dealer_check: "Dealer 庄家",
      seat_wind_label: "Seat wind 门风", round_wind: "Round wind 圈风", east_default: "— (E)",
      discards: "Discards 弃牌", optional: "optional",
      winners: "Winners 胡牌 (none = drawn round)", result: "Result 结果",
      discarder: "Discarder 放炮", events: "Events",
      follow_dealer: "跟庄 follow dealer: rounds",
      false_win: (seat) => `诈胡 false win: ${seat}`, horses: "Horses 奖马",
      horses_hint: "flipped horse tiles, e.g. 1m5m9m2m",
      rounds_not_yet: "(not valid JSON yet)", n_rounds: (n) => `${n} rounds`,
      rounds_label: "Rounds 每局, in play order (JSON: each what /settle takes, without "
        + "variant and rules; dealer, round wind and 回头一笑 are derived)",
      add_round: "+ Add the Settle tab's round",
      rounds_hint: "Build a round in the Settle tab, come back and add it; or edit the JSON. "
        + "The answer shows the standings, the running totals and every round's settlement.",
      first_dealer: "First dealer 首局庄家", first_wind: "First round wind 圈风",
      jing_with_players: "Score the jing held by four players",
      shape_only: " · shape analysis only (scoring not implemented yet)",
      submit: { evaluate: "Score 计算", settle: "Settle 结算", jing: "Jing scores 算精",
                match: "Settle the match 结算全场" },
      not_sent: "Not sent",
      advice_title: "What to discard 打哪张",
      advice_visible: "Tiles seen elsewhere 见过的牌",
      advice_visible_hint: "Optional: every tile seen outside this hand (all discards, the "
        + "other players' melds, a flipped indicator that stays in the wall), so that the "
        + "counts left are true.",
      advice_busy: "asking /advise …",
      advice_hand_shanten: "Shanten 向听数", advice_best_shanten: "Shanten 向听数 after the best discard",
      advice_complete: "The hand is complete 已和: it wins as it stands",
      shanten_text: (n) => (n < 0 ? "complete 已和"
        : n === 0 ? "0 · ready 听牌" : `${n} · ${SHANTEN_ZH[n] || n}向听`),
      advice_head: ["Discard 打", "Shanten 向听", "进张 (copies left)", "Left 剩"],
      advice_draws: "进张: the draws that bring the hand closer (copies left)",
      advice_left_total: (n) => `${n} copies left in all`,
      advice_choose: (name) => `Discard ${name}: show its waits`,
      advice_draw: (name, n) => `${name}, ${n} left`,
      advice_waits_title: (code) => `Discard ${code}: waits 听`,
      advice_waits_head: ["Wait 听", "Left 剩", "Self-draw 自摸", "On a discard 点炮"],
      advice_not_allowed: "— cannot win so",
      advice_de_guo: "德国: wins with every jing as itself",
      advice_not_ready: (code, n) => `Discard ${code} leaves the hand ${n} from ready (${
        SHANTEN_ZH[n] || n}向听): no waits yet; draw one of its 进张.`,
      advice_raw: "/advise request and curl",
      advice_model: "Expected value 胡牌率 · 期望得分",
      advice_model_hint: "A model of the rest of the round: you win only by your own draw "
        + "(nobody else discards to you or claims), you never step back from ready, and each "
        + "number is worked out exactly for the tiles still unseen.",
      advice_objective: "Rank by 排序",
      advice_objective_win: "Win chance 胡牌率",
      advice_objective_score: "Expected score 期望得分",
      advice_objective_hint: "Which number puts the discards in order: the chance to win by "
        + "your own draws, or the points a win brings on average (a hand that does not win "
        + "counts 0).",
      advice_draws_left: "Draws left 剩余摸牌",
      advice_draws_left_hint: "How many more tiles you will draw yourself before the wall "
        + "runs out (0-40; empty: the service's default). At a table somebody usually wins "
        + "sooner: a round lasts about 5 of your draws in xingguo, 4 in nanchang and 8 in "
        + "qinzhou and guangdong, and asking with that many plays better.",
      advice_changes: "Hand changes 换牌",
      advice_changes_hint: "How many times you may throw a tile that leaves the hand no "
        + "closer to ready, to reach a better hand (0 or 1; empty: the service's choice).",
      advice_default: "default", advice_default_n: (n) => `default (${n})`,
      advice_model_used: (draws, changes, objective) => `Model: ${draws} draws left · ${
        changes} hand change${changes === 1 ? "" : "s"} · ranked by ${objective}`,
      advice_ev_head: "Win chance 胡牌率 · Expected score 期望得分",
      advice_metric_win: "Win", advice_metric_score: "Score",
      advice_far: "more than 3 from ready",
      advice_far_note: "—: more than 3 from ready; the model does not value a hand that far.",
      advice_best: "best by the chosen number",
      advice_hand_ev: "If you keep this hand 这手牌:",
      advice_no_model: "No 胡牌率 / 期望得分 for this hand:",
      advice_no_model_fields: "see the field marked above.",
    },
    zh: {
      page_title: "麻将计分 · 试玩", skip: "跳到结果", heading: "试玩", nav_service: "服务",
      rules_book: "规则书", embed_widget: "嵌入小组件", replay_viewer: "牌局回放", rules_version: "规则版本",
      variant: "玩法", endpoint: "接口", tab_evaluate: "算一手牌", tab_settle: "结算一局",
      tab_jing: "精", tab_match: "整场比赛", example: "示例", reset: "清空",
      copy_link: "复制本例链接", tiles: "牌", palette_before: "点一张牌，加到",
      palette_after: "（点一个输入框选择牌加到哪里；点输入框下面的牌可删除）。",
      palette: "选牌", backspace: "⌫ 删除最后一张", clear_field: "清空此框",
      answer: "结果", raw: "请求、响应和 curl", copy: "复制", copied: "已复制",
      request: "请求", response: "响应", no_status: "无应答",
      meld_types: { chow: "吃", pung: "碰", kong: "明杠", added_kong: "补杠",
                    concealed_kong: "暗杠" },
      win_types: { self_draw: "自摸", discard: "点炮", rob_kong: "抢杠",
                   kong_replacement: "杠上开花" },
      flags: { heavenly: "天胡", earthly: "地胡", human: "人和", last_tile: "海底",
               after_kong_discard: "杠上炮（放炮者杠后打出）", kong_chain: "连杠：连续杠的次数",
               no_jing_held: "霸胡：四家都没有精", others_no_jing: "德中德：其他三家都没有精" },
      jing_fields: { indicator: "上精（翻出的牌）", lower_indicator: "下精",
                     previous_indicator: "回头一笑：上局的精", previous_lower_indicator: "回头上下翻：上局的下精" },
      rounds_not_list: "每局须是 JSON 列表 [ … ]",
      rounds_not_json: (why) => `每局不是有效的 JSON：${why}`,
      e_g: (example) => `例如 ${example}`, remove_tile: (name) => `删除 ${name}`,
      add_tile: (name) => `加入 ${name}`, n_tiles: (n) => `${n} 张`,
      type: "类型", meld_tiles: (n) => `副露 ${n} 的牌`, from_seat: "来自座位",
      remove: "删除", remove_meld: (n) => `删除副露 ${n}`, add_meld: "+ 加副露",
      melds: "副露 / 暗杠", jing: "精", flags_legend: "特殊情况", rule_options: "规则选项",
      option_hint: (value, seed) => `默认 ${value} · 出处 ${seed}`,
      hand: "手牌",
      hand_hint: "暗手的牌，连同胡的那张：14 张（每个杠加 1）算分，13 张列出听的牌。"
        + "任何写法都行：123m456p789sEEECC、1z-7z、一万 东风、Unicode 牌。",
      win_tile: "胡的牌", win_type: "胡法", dealer_check: "庄家", seat_wind_label: "门风",
      round_wind: "圈风", east_default: "—（东）", discards: "弃牌", optional: "可不填",
      winners: "胡牌者（不选 = 流局）", result: "结果", discarder: "放炮", events: "事件",
      follow_dealer: "跟庄：局数", false_win: (seat) => `诈胡：${seat}`, horses: "奖马",
      horses_hint: "翻出的马牌，例如 1m5m9m2m",
      rounds_not_yet: "（还不是有效的 JSON）", n_rounds: (n) => `${n} 局`,
      rounds_label: "每局，按打的顺序（JSON：每局即 /settle 的请求，不含 variant 和 rules；"
        + "庄家、圈风和回头一笑自动推出）",
      add_round: "+ 加入结算页的这一局",
      rounds_hint: "在“结算一局”页填好一局，回来加入；或直接改 JSON。结果显示排名、累计和每局的结算。",
      first_dealer: "首局庄家", first_wind: "首局圈风",
      jing_with_players: "计算四家手里的精",
      shape_only: " · 只分析牌型（尚未实现计分）",
      submit: { evaluate: "计算", settle: "结算", jing: "算精", match: "结算全场" },
      not_sent: "未发送",
      advice_title: "打哪张",
      advice_visible: "见过的牌",
      advice_visible_hint: "可不填：手牌以外见到的每一张牌（所有弃牌、别家的副露、留在牌墙里的翻牌），"
        + "这样剩余张数才准。",
      advice_busy: "正在问 /advise …",
      advice_hand_shanten: "向听数", advice_best_shanten: "向听数（打出最好的一张后）",
      advice_complete: "已和：这手牌已经胡了",
      shanten_text: (n) => (n < 0 ? "已和" : n === 0 ? "听牌（0）"
        : `${SHANTEN_ZH[n] || n}向听（${n}）`),
      advice_head: ["打", "向听", "进张（剩余张数）", "共剩"],
      advice_draws: "进张：摸到就更近一步的牌（剩余张数）",
      advice_left_total: (n) => `共剩 ${n} 张`,
      advice_choose: (name) => `打 ${name}：看听哪些牌`,
      advice_draw: (name, n) => `${name}，剩 ${n} 张`,
      advice_waits_title: (code) => `打 ${code} 后听的牌`,
      advice_waits_head: ["听", "剩", "自摸", "点炮"],
      advice_not_allowed: "—（不能这样胡）",
      advice_de_guo: "德国：精都当本身胡",
      advice_not_ready: (code, n) => `打 ${code} 后离听牌还差 ${n} 步（${SHANTEN_ZH[n] || n}向听），`
        + "还没有听的牌；先摸进张。",
      advice_raw: "/advise 的请求和 curl",
      advice_model: "胡牌率 · 期望得分",
      advice_model_hint: "对这一局剩下部分的估算：只算自己摸牌胡（别人不放炮、不吃碰），听牌后不再退步，"
        + "按还没见到的牌精确计算。",
      advice_objective: "排序",
      advice_objective_win: "胡牌率",
      advice_objective_score: "期望得分",
      advice_objective_hint: "按哪个数给打法排序：靠自己摸牌胡牌的机会，还是平均能得的分（没胡算 0 分）。",
      advice_draws_left: "剩余摸牌",
      advice_draws_left_hint: "到牌墙摸完为止你自己还能摸几张牌（0-40；不填用服务的默认值）。"
        + "牌桌上通常早有人胡：兴国一局你大约只摸 5 张、南昌 4 张、钦州和广东 8 张，按这个数问打得更好。",
      advice_changes: "换牌",
      advice_changes_hint: "可以换牌几次：打出一张后离听牌不更近，为了换成更好的牌（0 或 1；不填由服务决定）。",
      advice_default: "默认", advice_default_n: (n) => `默认（${n}）`,
      advice_model_used: (draws, changes, objective) => `模型：还摸 ${draws} 张 · 换牌 ${
        changes} 次 · 按${objective}排序`,
      advice_ev_head: "胡牌率 · 期望得分",
      advice_metric_win: "胡牌率", advice_metric_score: "期望得分",
      advice_far: "离听牌超过 3 步",
      advice_far_note: "—：离听牌超过 3 步，模型不估算这么远的牌。",
      advice_best: "按所选的数最好",
      advice_hand_ev: "保留这手牌：",
      advice_no_model: "这手牌没有胡牌率 / 期望得分：",
      advice_no_model_fields: "见上面标出的输入框。",
    },
  });
  const MELD_TYPES = tr("meld_types");  // its keys; the labels are looked up when drawn
  const JING_FIELDS = tr("jing_fields");
  const WINDS = ["E", "S", "W", "N"];
  const ENDPOINT = { evaluate: "/evaluate", settle: "/settle", jing: "/jing", match: "/match" };

  // Cases for the Example button: valid for every variant (jing added where it is required).
  const EXAMPLE_HANDS = ["123m456p789s11sECC", "1112345678999m", "1112345678999p",
                         "2233445566sSSS"];

  let variants = {};
  let state = null;
  let target = null; // the tile input the palette types into
  let urlTimer = null;

  // --------------------------------------------------------------------------- state
  function emptyPlayer() {
    return { hand: "", melds: [], discards: "" };
  }

  function freshState(variant) {
    return {
      mode: "evaluate", variant,
      evaluate: { hand: "", melds: [], win_tile: "", win_type: "", dealer: false, seat_wind: "",
                  round_wind: "", flags: {}, visible: "",  // visible and the model: /advise's
                  objective: "score", draws_left: "", changes: "" },
      table: { dealer: 0, players: [0, 1, 2, 3].map(emptyPlayer), winners: [], win_tile: "",
               win_type: "", discarder: "", flags: {}, follow_dealer: 0, false_win: [],
               horses: "", round_wind: "", with_players: false },
      jing: { indicator: "", lower_indicator: "", previous_indicator: "",
              previous_lower_indicator: "" },
      match: { dealer: 0, round_wind: "", rounds: "" },  // rounds: the JSON text of the list
      rules: {},
    };
  }

  const variant = () => variants[state.variant] || {};
  const wildJing = () => Boolean(variant().shapes && variant().shapes.wild_jing);

  function exampleState(name, mode) {
    const s = freshState(name);
    s.mode = mode;
    const needsJing = (variants[name].jing || []).includes("indicator");
    if (needsJing) s.jing.indicator = "C";
    s.evaluate.hand = needsJing ? "123m456p789s11sECC" : "123m456p789s111sEE";
    s.evaluate.win_type = "self_draw";
    s.table.players.forEach((p, seat) => { p.hand = EXAMPLE_HANDS[seat]; });
    if (!needsJing) s.table.players[0].hand = "123m456p789s111sEE";
    s.table.winners = mode === "settle" ? [0] : [];
    s.table.win_type = "self_draw";
    s.table.with_players = true;
    if (mode === "match") exampleMatch(s, needsJing);
    return s;
  }

  /** Four rounds: the dealer (seat 0) self-draws and keeps the deal, a drawn round, then
   * seats 1 and 2 self-draw and the deal passes on. */
  function exampleMatch(s, needsJing) {
    const winner = needsJing ? "123m456p789s11sECC" : "123m456p789s111sEE";
    const seated = (seat, hand) => {
      const others = EXAMPLE_HANDS.slice(1);
      return [0, 1, 2, 3].map((i) => ({ hand: i === seat ? hand : others.shift() }));
    };
    const won = (seat) => ({ winners: [seat], win_type: "self_draw" });
    const rounds = [
      { players: seated(0, winner), result: won(0) },
      { players: seated(0, winner.slice(0, -1)), result: { winners: [] } },
      { players: seated(1, winner), result: won(1) },
      { players: seated(2, winner), result: won(2) },
    ];
    if (needsJing) rounds.forEach((r) => { r.jing = { indicator: "C" }; });
    if (s.variant === "nanchang") {  // floors on; 回头一笑 would need the dealt hands
      s.rules = { pa_lou_ti: "man_shang_man_xia", hui_tou_yi_xiao: false };
    }
    s.match.rounds = JSON.stringify(rounds, null, 1);
  }

  /** The match's rounds as the textarea holds them: a list, or an Error saying why not. */
  function matchRounds() {
    const text = clean(state.match.rounds);
    if (!text) return [];
    try {
      const rounds = JSON.parse(text);
      return Array.isArray(rounds) ? rounds : new Error(tr("rounds_not_list"));
    } catch (err) {
      return new Error(tr("rounds_not_json", err.message));
    }
  }

  // --------------------------------------------------------------------------- request
  const clean = (text) => (text || "").trim();

  function meldsOut(melds) {
    return melds.map((m) => {
      const out = { type: m.type, tiles: clean(m.tiles) };
      if (m.from !== "" && m.from !== undefined) out.from = Number(m.from);
      return out;
    });
  }

  function flagsOut(flags) {
    const out = {};
    for (const name of variant().flags || []) {
      if (name === "kong_chain" && Number(flags[name]) > 0) out[name] = Number(flags[name]);
      else if (name !== "kong_chain" && flags[name]) out[name] = true;
    }
    return out;
  }

  function jingOut() {
    const out = {};
    for (const name of variant().jing || []) {
      if (clean(state.jing[name])) out[name] = clean(state.jing[name]);
    }
    return out;
  }

  function rulesOut() {
    const out = {};
    for (const option of variant().options || []) {
      const value = state.rules[option.name];
      if (value !== undefined && value !== "" && value !== option.default) out[option.name] = value;
    }
    return out;
  }

  function playersOut() {
    return state.table.players.map((p) => {
      const out = { hand: clean(p.hand) };
      if (p.melds.length) out.melds = meldsOut(p.melds);
      if (clean(p.discards)) out.discards = clean(p.discards);
      return out;
    });
  }

  /** The request body for the current mode, leaving out what the user left empty. */
  function buildRequest() {
    const body = { variant: state.variant };
    const rules = rulesOut();
    const jing = jingOut();
    if (state.mode === "evaluate") {
      const e = state.evaluate;
      body.hand = clean(e.hand);
      if (e.melds.length) body.melds = meldsOut(e.melds);
      if (clean(e.win_tile)) body.win_tile = clean(e.win_tile);
      if (e.win_type) body.win_type = e.win_type;
      if (e.dealer) body.dealer = true;
      if (e.seat_wind) body.seat_wind = e.seat_wind;
      if (e.round_wind) body.round_wind = e.round_wind;
      if (Object.keys(jing).length) body.jing = jing;
      const flags = flagsOut(e.flags);
      if (Object.keys(flags).length) body.flags = flags;
    } else if (state.mode === "match") {
      body.dealer = Number(state.match.dealer);
      if (state.match.round_wind) body.round_wind = state.match.round_wind;
      const rounds = matchRounds();
      body.rounds = rounds instanceof Error ? [] : rounds;
    } else if (state.mode === "settle") {
      Object.assign(body, settleRound());
      body.dealer = Number(state.table.dealer);
    } else {
      Object.assign(body, { indicator: clean(state.jing.indicator) }, jing);
      if (state.table.with_players) {
        body.players = playersOut();
        body.dealer = Number(state.table.dealer);
      }
    }
    if (Object.keys(rules).length) body.rules = rules;
    return body;
  }

  /** The Settle tab's round without variant, rules and dealer: a /settle body's round, as
   * a /match round takes it. */
  function settleRound() {
    const t = state.table;
    const jing = jingOut();
    const body = { players: playersOut() };
    if (Object.keys(jing).length) body.jing = jing;
    const result = { winners: [...t.winners].sort() };
    if (t.win_type) result.win_type = t.win_type;
    if (clean(t.win_tile)) result.win_tile = clean(t.win_tile);
    if (t.discarder !== "") result.discarder = Number(t.discarder);
    const flags = flagsOut(t.flags);
    if (Object.keys(flags).length) result.flags = flags;
    body.result = result;
    const events = [];
    const declared = variant().events || [];  // a variant is sent only the events it takes
    if (declared.includes("follow_dealer") && Number(t.follow_dealer) > 0) events.push({ type: "follow_dealer", rounds: Number(t.follow_dealer) });
    if (declared.includes("false_win")) for (const seat of [...t.false_win].sort()) events.push({ type: "false_win", seat });
    if (events.length) body.events = events;
    if (variant().horses && clean(t.horses)) body.horses = clean(t.horses);
    if (t.round_wind) body.round_wind = t.round_wind;
    return body;
  }

  function tilesText(value) {
    return Array.isArray(value) ? value.join(" ") : (value === undefined || value === null ? "" : String(value));
  }

  function meldsIn(list) {
    return (Array.isArray(list) ? list : []).map((m) => ({
      type: MELD_TYPES[m.type] ? m.type : "pung", tiles: tilesText(m.tiles),
      from: m.from === undefined || m.from === null ? "" : String(m.from) }));
  }

  function playersIn(s, list) {
    (Array.isArray(list) ? list : []).slice(0, 4).forEach((p, seat) => {
      s.table.players[seat] = { hand: tilesText(p.hand), melds: meldsIn(p.melds),
                                discards: tilesText(p.discards) };
    });
  }

  /** The inverse of buildRequest: a shared request body back into the form's state. */
  function stateFromRequest(mode, body) {
    const name = variants[body.variant] ? body.variant : Object.keys(variants)[0];
    const s = freshState(name);
    s.mode = ENDPOINT[mode] ? mode : "evaluate";
    s.rules = body.rules && typeof body.rules === "object" ? { ...body.rules } : {};
    const jing = s.mode === "jing" ? body : body.jing || {};
    for (const f of Object.keys(JING_FIELDS)) s.jing[f] = tilesText(jing[f]);
    if (s.mode === "match") {
      s.match.dealer = Number.isInteger(body.dealer) ? body.dealer : 0;
      s.match.round_wind = WINDS.includes(body.round_wind) ? body.round_wind : "";
      s.match.rounds = Array.isArray(body.rounds) && body.rounds.length
        ? JSON.stringify(body.rounds, null, 1) : "";
    } else if (s.mode === "evaluate") {
      Object.assign(s.evaluate, { hand: tilesText(body.hand), melds: meldsIn(body.melds),
        win_tile: tilesText(body.win_tile), win_type: body.win_type || "",
        dealer: body.dealer === true, seat_wind: body.seat_wind || "",
        round_wind: body.round_wind || "", flags: { ...(body.flags || {}) },
        ...adviceIn(body.advise) });
    } else {
      const t = s.table;
      t.dealer = Number.isInteger(body.dealer) ? body.dealer : 0;
      playersIn(s, body.players);
      t.with_players = Array.isArray(body.players);
      const r = body.result || {};
      t.winners = Array.isArray(r.winners) ? r.winners.filter(Number.isInteger) : [];
      t.win_type = r.win_type || "";
      t.win_tile = tilesText(r.win_tile);
      t.discarder = Number.isInteger(r.discarder) ? String(r.discarder) : "";
      t.flags = { ...(r.flags || {}) };
      for (const event of Array.isArray(body.events) ? body.events : []) {
        if (event.type === "follow_dealer") t.follow_dealer = Number(event.rounds) || 1;
        if (event.type === "false_win" && Number.isInteger(event.seat)) t.false_win.push(event.seat);
      }
      t.horses = tilesText(body.horses);
      t.round_wind = body.round_wind || "";
    }
    return s;
  }

  /** The advice panel's own fields from a link's advise.* entries (each left out when it
   * is not what the panel could have written). */
  function adviceIn(shared) {
    const a = shared && typeof shared === "object" ? shared : {};
    const whole = (value, max) => (/^\d+$/.test(String(value)) && Number(value) <= max
      ? String(Number(value)) : "");
    return { visible: tilesText(a.visible), objective: a.objective === "win" ? "win" : "score",
             draws_left: whole(a.draws_left, 40), changes: whole(a.changes, 1) };
  }

  // --------------------------------------------------------------------------- URL
  const NUMERIC = new Set(["dealer", "discarder", "from", "rounds", "seat", "kong_chain"]);

  function flatten(value, prefix, out) {
    if (Array.isArray(value)) {
      if (!value.length) out.push([prefix, "[]"]);
      value.forEach((item, i) => flatten(item, `${prefix}.${i}`, out));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, out);
    } else {
      out.push([prefix, String(value)]);
    }
    return out;
  }

  function typed(key, text) {
    const parts = key.split(".");
    const last = parts[parts.length - 1];
    if (text === "[]") return [];
    if (text === "true" || text === "false") return text === "true";
    const numeric = NUMERIC.has(last) || parts[parts.length - 2] === "winners"
      || (parts[0] === "rules" && /^-?\d+$/.test(text));
    return numeric && /^-?\d+$/.test(text) ? Number(text) : text;
  }

  const UNSAFE_KEYS = new Set(["__proto__", "prototype", "constructor"]);
  // A shared link is anyone's input: every index, depth, count and length it can carry is
  // bounded (no request needs more), so a link such as melds.4294967294.tiles=EEE cannot
  // make the page build a four-billion-slot array and freeze the tab. Past a bound the entry
  // is left out, as an unsafe key is.
  const LINK_LIMITS = { index: 99, depth: 6, params: 600, value: 256, hash: 16384 };

  function linkEntryAllowed(parts, text) {
    return parts.length <= LINK_LIMITS.depth && text.length <= LINK_LIMITS.value
      && parts.every((part) => part !== "" && !UNSAFE_KEYS.has(part) && part.length <= 64
        && (!/^\d+$/.test(part) || Number(part) <= LINK_LIMITS.index));
  }

  function unflatten(params) {
    const root = {};
    let taken = 0;
    for (const [key, text] of params) {
      const parts = key.split(".");
      if (!linkEntryAllowed(parts, text) || ++taken > LINK_LIMITS.params) continue;
      let node = root;
      parts.forEach((part, i) => {
        const isLast = i === parts.length - 1;
        const nextIsIndex = !isLast && /^\d+$/.test(parts[i + 1]);
        if (isLast) node[part] = typed(key, text);
        else node = node[part] = node[part] || (nextIsIndex ? [] : {});
      });
    }
    return root;
  }

  /** The link: the request body flattened, and the advice panel's own fields (sent to
   * /advise only) as advise.visible, advise.objective, advise.draws_left, advise.changes. */
  function hashFor(body) {
    const e = state.evaluate;
    const own = state.mode !== "evaluate" ? [] : [
      ["advise.visible", clean(e.visible)],
      ["advise.objective", e.objective === "win" ? "win" : ""],
      ["advise.draws_left", clean(e.draws_left)], ["advise.changes", clean(e.changes)]];
    const params = new URLSearchParams([["mode", state.mode], ...flatten(body, "", []),
      ...own.filter(([, value]) => value)]);
    return "#" + params.toString();
  }

  function saveUrl() {
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      history.replaceState(null, "", hashFor(buildRequest()));
    }, 150);
    adviseSoon();
  }

  function stateFromUrl() {
    if (location.hash.length > LINK_LIMITS.hash) return null;  // no case is that long
    const params = new URLSearchParams(location.hash.slice(1));
    if (!params.has("variant")) return null;
    const mode = params.get("mode") || "evaluate";
    params.delete("mode");
    return stateFromRequest(mode, unflatten(params));
  }

  // --------------------------------------------------------------------------- controls
  let uid = 0;
  const nextId = (base) => `${base}-${++uid}`;

  function field(labelText, control, extra) {
    const id = control.id || nextId("f");
    control.id = id;
    return el("div", { class: `field ${extra || ""}` },
      el("label", { for: id, text: labelText }), control);
  }

  /** A text field for tiles, with the parsed tiles drawn under it (click one to remove it). */
  function tileInput(labelText, get, set, opts) {
    const o = opts || {};
    const input = el("input", { type: "text", id: o.id || nextId("tiles"), value: get(),
      autocomplete: "off", spellcheck: "false", autocapitalize: "off",
      "data-field": o.field, "data-tiles": o.single ? "one" : "many",
      "data-jing-marks": o.jingMarks ? "" : null,
      placeholder: o.placeholder || tr("e_g", o.single ? "5m" : "123m456p789sEEECC"),
      class: o.single ? "one-tile" : "" });
    const strip = el("div", { class: "strip", "aria-live": "off" });
    const count = el("span", { class: "count" });
    const draw = () => {
      const parsed = parse(input.value);
      const wild = o.jingMarks ? jingKinds() : new Set();
      strip.replaceChildren(...parsed.tiles.map((code, i) => tile(code, {
        tag: "button", small: true, wild: wild.has(code), extra: "removable",
        label: tr("remove_tile", `${nameZh(code)} ${code}`),
        onclick: () => { removeAt(input, i); } })));
      if (parsed.error) strip.append(el("span", { class: "hint", text: `(${parsed.error})` }));
      count.textContent = o.single || !parsed.tiles.length ? "" : tr("n_tiles", parsed.tiles.length);
      if (o.after) o.after(parsed);
    };
    input.addEventListener("input", () => { set(input.value); draw(); saveUrl(); });
    input.addEventListener("focus", () => setTarget(input, labelText));
    input.redraw = draw;
    draw();
    const wrapper = field(labelText, input, "tiles-field");
    wrapper.querySelector("label").append(" ", count);
    if (!o.noStrip) wrapper.append(strip);
    if (o.hint) wrapper.append(el("p", { class: "hint", text: o.hint }));
    return wrapper;
  }

  function removeAt(input, index) {
    const parsed = parse(input.value);
    if (parsed.error) return;
    parsed.tiles.splice(index, 1);
    input.value = input.dataset.tiles === "one" ? (parsed.tiles[0] || "") : compact(parsed.tiles);
    input.dispatchEvent(new Event("input"));
    input.focus();
  }

  function select(labelText, choices, get, set, opts) {
    const o = opts || {};
    const control = el("select", { "data-field": o.field },
      choices.map(([value, text]) => el("option", { value: String(value), text })));
    control.value = String(get());
    control.addEventListener("change", () => { set(control.value); saveUrl(); if (o.redraw) draw(); });
    return field(labelText, control, o.extra);
  }

  function checkbox(labelText, get, set, opts) {
    const o = opts || {};
    const control = el("input", { type: "checkbox", id: nextId("cb"), "data-field": o.field });
    control.checked = Boolean(get());
    control.addEventListener("change", () => { set(control.checked); saveUrl(); if (o.redraw) draw(); });
    return el("div", { class: "field check" }, control,
      el("label", { for: control.id, text: labelText }));
  }

  function number(labelText, get, set, opts) {
    const o = opts || {};
    const control = el("input", { type: "number", id: o.id, "data-field": o.field,
      min: String(o.min ?? 0),
      max: o.max === undefined ? null : String(o.max), value: String(get()), inputmode: "numeric" });
    control.addEventListener("input", () => {
      set(control.value === "" ? 0 : Number(control.value)); saveUrl();
    });
    return field(labelText, control, "number");
  }

  const seatChoices = (blank) => [...(blank ? [["", blank]] : []),
    ...[0, 1, 2, 3].map((s) => [s, MJ.seatName(s, state.mode === "evaluate" ? null
      : state.table.dealer)])];

  /** Meld rows: type, tiles, the seat it was claimed from; add and remove. */
  function meldsEditor(melds, prefix) {
    const box = el("fieldset", { class: "melds", "data-field": prefix },
      el("legend", { text: tr("melds") }));
    melds.forEach((meld, i) => {
      const path = `${prefix}[${i}]`;
      box.append(el("div", { class: "meld-row" },
        select(tr("type"), Object.entries(tr("meld_types")), () => meld.type, (v) => { meld.type = v; },
          { field: `${path}.type` }),
        tileInput(tr("meld_tiles", i + 1), () => meld.tiles, (v) => { meld.tiles = v; },
          { field: `${path}.tiles`, placeholder: tr("e_g", "EEE") }),
        select(tr("from_seat"), seatChoices("—"), () => meld.from, (v) => { meld.from = v; },
          { field: `${path}.from` }),
        el("button", { type: "button", class: "remove", text: tr("remove"),
          "aria-label": tr("remove_meld", i + 1),
          onclick: () => { melds.splice(i, 1); saveUrl(); draw(); } })));
    });
    if (melds.length < 4) {
      box.append(el("button", { type: "button", class: "add", text: tr("add_meld"),
        onclick: () => {
          melds.push({ type: "pung", tiles: "", from: "" });
          saveUrl();
          draw();
          const added = document.querySelector(
            `[data-field="${CSS.escape(`${prefix}[${melds.length - 1}].tiles`)}"]`);
          if (added) added.focus();
        } }));
    }
    return box;
  }

  function jingKinds() {
    if (!wildJing()) return new Set();
    const parsed = parse(state.jing.indicator);
    if (parsed.error || parsed.tiles.length !== 1) return new Set();
    return new Set([parsed.tiles[0], MJ.nextTile(parsed.tiles[0])]);
  }

  function jingFieldset() {
    const names = variant().jing || [];
    const shown = state.mode === "jing" && !names.length ? ["indicator"] : names;
    if (!shown.length) return null;
    return el("fieldset", { class: "jing" }, el("legend", { text: tr("jing") }),
      shown.map((name) => {
        const preview = el("span", { class: "jing-preview", "aria-live": "polite" });
        const box = tileInput(tr("jing_fields")[name], () => state.jing[name],
          (v) => { state.jing[name] = v; },
          { single: true, noStrip: true, field: state.mode === "jing" ? name : `jing.${name}`,
            after: (parsed) => {
              const one = !parsed.error && parsed.tiles.length === 1 ? parsed.tiles[0] : null;
              preview.replaceChildren(...(one ? ["正精 ", tile(one, { small: true }), " 副精 ",
                tile(MJ.nextTile(one), { small: true })] : []));
              if (name === "indicator") {
                document.querySelectorAll("[data-jing-marks]").forEach((i) => i.redraw && i.redraw());
              }
            } });
        box.append(preview);
        return box;
      }));
  }

  function flagsFieldset(flags, prefix) {
    const names = [...(variant().flags || [])].sort((a, b) =>
      (a === "kong_chain") - (b === "kong_chain"));
    if (!names.length) return null;
    return el("fieldset", { class: "flags" }, el("legend", { text: tr("flags_legend") }),
      names.map((name) => name === "kong_chain"
        ? number(tr("flags")[name] || name, () => flags[name] || 0, (v) => { flags[name] = v; },
          { field: `${prefix}.${name}`, max: 8 })
        : checkbox(tr("flags")[name] || name, () => flags[name], (v) => { flags[name] = v; },
          { field: `${prefix}.${name}` })));
  }

  /* The rule options fold (a long list for nanchang): open on a wide screen, folded on a
   * phone unless one is set; the player's own open/close is kept across redraws, and an
   * error naming a rule opens them (showRulesFor). */
  let rulesOpen = null;

  function rulesFieldset() {
    const options = variant().options || [];
    if (!options.length) return null;
    const open = rulesOpen === null ? !ONE_COLUMN.matches || Object.keys(rulesOut()).length > 0
      : rulesOpen;
    return el("details", { class: "rules-box", id: "rules-box", open,
      ontoggle: (event) => { rulesOpen = event.currentTarget.open; } },
    el("summary", { text: tr("rule_options") }), rulesOptions(options));
  }

  function showRulesFor(problem) {
    const box = $("rules-box");
    if (box && (problem.errors || []).some((e) => String(e.field || "").startsWith("rules"))) {
      box.open = true;
    }
  }

  function rulesOptions(options) {
    return el("fieldset", { class: "rules" }, el("legend", { text: tr("rule_options") }),
      options.map((o) => {
        const get = () => (state.rules[o.name] === undefined ? o.default : state.rules[o.name]);
        const set = (v) => { state.rules[o.name] = v; };
        const opts = { field: `rules.${o.name}`, min: o.minimum, max: o.maximum };
        const label = `${o.name}: ${o.description}`;
        let control;
        if (o.choices && o.choices.length) {
          control = select(label, o.choices.map((c) => [c, String(c)]), get,
            (v) => set(o.type === "integer" ? Number(v) : v), opts);
        } else if (o.type === "boolean") control = checkbox(label, get, set, opts);
        else if (o.type === "integer") control = number(label, get, set, opts);
        else {
          const input = el("input", { type: "text", value: get(), "data-field": opts.field });
          input.addEventListener("input", () => { set(input.value); saveUrl(); });
          control = field(label, input);
        }
        control.append(el("p", { class: "hint", text: tr("option_hint", JSON.stringify(o.default), o.seed) }));
        return control;
      }));
  }

  const windChoices = (blank) => [["", blank], ...WINDS.map((w) => [w, `${nameZh(w)} ${w}`])];
  const winTypeChoices = () => [["", "—"], ...(variant().win_types || Object.keys(tr("win_types")))
    .map((w) => [w, tr("win_types")[w] || w])];

  function evaluateFields() {
    const e = state.evaluate;
    return [
      tileInput(tr("hand"), () => e.hand, (v) => { e.hand = v; },
        { field: "hand", id: "hand", jingMarks: true, hint: tr("hand_hint") }),
      advicePanel(),
      meldsEditor(e.melds, "melds"),
      el("div", { class: "row" },
        tileInput(tr("win_tile"), () => e.win_tile, (v) => { e.win_tile = v; },
          { field: "win_tile", single: true, id: "win_tile" }),
        select(tr("win_type"), winTypeChoices(), () => e.win_type, (v) => { e.win_type = v; },
          { field: "win_type" })),
      el("div", { class: "row" },
        checkbox(tr("dealer_check"), () => e.dealer, (v) => { e.dealer = v; }, { field: "dealer" }),
        select(tr("seat_wind_label"), windChoices("—"), () => e.seat_wind,
          (v) => { e.seat_wind = v; }, { field: "seat_wind" }),
        select(tr("round_wind"), windChoices(tr("east_default")), () => e.round_wind,
          (v) => { e.round_wind = v; }, { field: "round_wind" })),
      jingFieldset(),
      flagsFieldset(e.flags, "flags"),
    ];
  }

  // --------------------------------------------------------------------------- advice
  /* The "what to discard / 打哪张" panel under the hand: whenever the hand has 14 tiles (+1
   * per kong: it must discard) or 13 (it has just discarded), the page asks POST /advise
   * with the form's variant, rules, hand, melds, jing and winds, and the panel's own
   * "visible" tiles, and with `expected: true` and the panel's model inputs (objective,
   * draws_left, changes). The panel lists each discard, best first as the answer orders them,
   * with its shanten, 进张, and its 胡牌率 and 期望得分 as bars; a click on a discard shows its
   * waits. The answer is kept, so redrawing the form (a meld added, the language switched)
   * shows it again at once.
   *
   * When the expected values cannot be had for a hand whose shanten and 进张 can (a 422 the
   * plain question does not get, e.g. guangdong without a seat wind; or a 503, the time
   * budget spent), the panel asks again without them and says why next to the answer:
   * modelProblem, that first answer. */
  const advice = { key: "", body: null, answer: null, modelProblem: null, selected: null,
                   ticket: 0, answered: 0, timer: null, open: true,
                   defaults: { draws_left: null, changes: null } };
  const MODEL_INPUTS = ["expected", "objective", "draws_left", "changes"];

  /** The hand's size as /advise counts it: concealed tiles and three per meld (a kong's
   * fourth tile is its "+1"); null while the hand cannot be read. */
  function adviceSize() {
    const parsed = parse(state.evaluate.hand);
    return parsed.error ? null : parsed.tiles.length + 3 * state.evaluate.melds.length;
  }

  function adviceBody() {
    const e = state.evaluate;
    const body = { variant: state.variant, hand: clean(e.hand) };
    if (e.melds.length) body.melds = meldsOut(e.melds);
    const jing = jingOut();
    if (Object.keys(jing).length) body.jing = jing;
    if (clean(e.visible)) body.visible = clean(e.visible);
    if (e.dealer) body.dealer = true;
    if (e.seat_wind) body.seat_wind = e.seat_wind;
    if (e.round_wind) body.round_wind = e.round_wind;
    const rules = rulesOut();
    if (Object.keys(rules).length) body.rules = rules;
    body.expected = true;
    body.objective = e.objective === "win" ? "win" : "score";
    // A number the field cannot hold is sent as typed, so that the service's 422 says why.
    if (clean(e.draws_left)) body.draws_left = numberOrText(e.draws_left);
    if (clean(e.changes)) body.changes = numberOrText(e.changes);
    return body;
  }

  function numberOrText(text) {
    return /^-?\d+(\.\d+)?$/.test(clean(text)) ? Number(clean(text)) : clean(text);
  }

  /** The same question without the expected-value model: shanten and 进张 alone. */
  function withoutModel(body) {
    const out = { ...body };
    for (const name of MODEL_INPUTS) delete out[name];
    return out;
  }

  /** After any change: ask /advise again (debounced) when what it would be asked changed;
   * hide the panel while the hand has neither 13 nor 14 tiles. */
  function adviseSoon() {
    const panel = $("advice");
    if (!panel || state.mode !== "evaluate") return;
    const size = adviceSize();
    const wanted = size === 13 || size === 14;
    panel.hidden = !wanted;
    if (!wanted) {
      clearTimeout(advice.timer);
      advice.ticket += 1;  // an answer still on its way is for a hand no longer shown
      Object.assign(advice, { key: "", body: null, answer: null, modelProblem: null,
                              selected: null });
      showAdvice();
      return;
    }
    const body = adviceBody();
    const key = `${MJ.language()} ${JSON.stringify(body)}`;
    if (key === advice.key) return;
    advice.key = key;
    const ticket = ++advice.ticket;  // an answer still on its way is for an older request
    panel.setAttribute("aria-busy", "true");
    clearTimeout(advice.timer);
    advice.timer = setTimeout(() => askAdvice(body, ticket), 250);
  }

  async function askAdvice(asked, ticket) {
    let body = asked;
    let answer = await MJ.call("/advise", body);
    if (ticket !== advice.ticket) return;  // a newer request was sent meanwhile
    let modelProblem = null;
    if (!answer.ok && (answer.status === 422 || answer.status === 503)) {
      const plain = withoutModel(body);
      const again = await MJ.call("/advise", plain);
      if (ticket !== advice.ticket) return;
      if (again.ok) modelProblem = answer;  // the hand is fine: the model could not value it
      [body, answer] = [plain, again];
    }
    if (answer.ok && answer.data.expected) {  // what the service chose for the inputs not sent
      for (const name of ["draws_left", "changes"]) {
        if (body[name] === undefined) advice.defaults[name] = answer.data.expected[name];
      }
    }
    const discards = answer.ok && answer.data.discards;
    // The waits of the best discard that leaves the hand ready are shown at once (with the
    // model, the best discard may keep a hand one from ready for a better one).
    const keep = discards && advice.selected !== null
      && discards.some((d) => d.discard === advice.selected);
    const ready = discards && discards.find((d) => d.waits);
    advice.selected = keep ? advice.selected : ready ? ready.discard : null;
    Object.assign(advice, { body, answer, modelProblem, answered: ticket });
    showAdvice();
    document.body.dataset.advice = String(Number(document.body.dataset.advice || 0) + 1);
  }

  /** The panel: its heading, the "visible" tiles field and the place for the answer. */
  function advicePanel() {
    const e = state.evaluate;
    const size = adviceSize();
    const panel = el("details", { id: "advice", class: "advice",
      hidden: !(size === 13 || size === 14), open: advice.open,
      ontoggle: (event) => { advice.open = event.currentTarget.open; } },
      el("summary", {}, el("h3", { id: "advice-title", text: tr("advice_title") }),
        el("span", { class: "advice-summary", id: "advice-summary" })),
      tileInput(tr("advice_visible"), () => e.visible, (v) => { e.visible = v; },
        { field: "visible", id: "advice-visible", placeholder: tr("optional"),
          hint: tr("advice_visible_hint") }),
      modelFields(),
      el("div", { id: "advice-answer", "aria-live": "polite" }),
      el("details", { class: "advice-raw" }, el("summary", { text: tr("advice_raw") }),
        el("pre", { id: "advice-curl", class: "code" }),
        el("pre", { id: "advice-request", class: "code" })));
    return panel;
  }

  /** The expected-value model's inputs: the objective as a two-way toggle, the draws left and
   * the hand changes as numbers (empty: the service's default, shown once an answer says it),
   * each with its one-sentence explanation. */
  function modelFields() {
    const e = state.evaluate;
    const toggle = el("fieldset", { class: "advice-objective", "data-field": "objective" },
      el("legend", { text: tr("advice_objective") }),
      el("div", { class: "advice-toggle" }, ["win", "score"].map((value) => {
        const input = el("input", { type: "radio", name: "advice-objective", value,
          id: `advice-objective-${value}` });
        input.checked = (e.objective === "win" ? "win" : "score") === value;
        input.addEventListener("change", () => {
          if (input.checked) { e.objective = value; saveUrl(); }
        });
        return el("label", { for: input.id }, input, " ", tr(`advice_objective_${value}`));
      })),
      el("p", { class: "hint", text: tr("advice_objective_hint") }));
    const draws = el("input", { type: "number", id: "advice-draws-left", "data-field": "draws_left",
      min: "0", max: "40", step: "1", inputmode: "numeric", value: e.draws_left,
      placeholder: defaultText("draws_left") });
    draws.addEventListener("input", () => { e.draws_left = draws.value; saveUrl(); });
    const changes = el("select", { id: "advice-changes", "data-field": "changes" },
      el("option", { value: "", text: defaultText("changes") }),
      ["0", "1"].map((n) => el("option", { value: n, text: n })));
    changes.value = e.changes;
    changes.addEventListener("change", () => { e.changes = changes.value; saveUrl(); });
    const withHint = (box, hint) => { box.append(el("p", { class: "hint", text: hint })); return box; };
    const open = advice.modelOpen === undefined ? !ONE_COLUMN.matches : advice.modelOpen;
    return el("details", { class: "advice-model", id: "advice-model", open,
      ontoggle: (event) => { advice.modelOpen = event.currentTarget.open; } },
    el("summary", { text: tr("advice_model") }),
    el("p", { class: "hint", text: tr("advice_model_hint") }),
    toggle,
    el("div", { class: "row advice-numbers" },
      withHint(field(tr("advice_draws_left"), draws, "advice-draws"), tr("advice_draws_left_hint")),
      withHint(field(tr("advice_changes"), changes, "advice-changes"), tr("advice_changes_hint"))));
  }

  /** "default" until an answer says what the service chose, then "default (18)". */
  function defaultText(name) {
    const n = advice.defaults[name];
    return n === null || n === undefined ? tr("advice_default") : tr("advice_default_n", n);
  }

  /** Draw the answer kept (if any) into the panel: a problem as the page shows /evaluate's
   * (each error next to the panel's field it names, the rest listed), or the advice. */
  function showAdvice() {
    const panel = $("advice");
    if (!panel) return;
    if (advice.key && advice.answered !== advice.ticket) panel.setAttribute("aria-busy", "true");
    else panel.removeAttribute("aria-busy");
    MJ.clearErrors(panel);
    const out = $("advice-answer");
    const { answer, body } = advice;
    $("advice-summary").textContent = "";
    $("advice-curl").textContent = body ? MJ.curl("/advise", body) : "";
    $("advice-request").textContent = body ? JSON.stringify(body, null, 2) : "";
    for (const name of ["draws_left", "changes"]) {  // the service's defaults, once known
      const control = panel.querySelector(`[data-field="${name}"]`);
      if (control && control.tagName === "SELECT") control.options[0].textContent = defaultText(name);
      else if (control) control.placeholder = defaultText(name);
    }
    if (!answer) { out.replaceChildren(); return; }
    if (!answer.ok) {
      const unplaced = MJ.placeErrors(panel, answer.data);
      out.replaceChildren(MJ.renderProblem(answer.data, answer.status, unplaced));
      return;
    }
    const a = answer.data;
    $("advice-summary").textContent = tr("shanten_text", a.shanten);
    const shanten = el("p", { class: "advice-shanten" },
      // A complete hand (shanten -1) says so; "-1 after the best discard" read as nonsense.
      a.shanten < 0 ? el("strong", { "data-shanten": String(a.shanten), class: "advice-complete",
        text: tr("advice_complete") }) : [
        el("span", { text: tr(a.discards ? "advice_best_shanten" : "advice_hand_shanten") }), " ",
        el("strong", { "data-shanten": String(a.shanten), text: tr("shanten_text", a.shanten) })]);
    const model = a.expected ? el("p", { class: "advice-model-used hint", id: "advice-model-used",
      "data-draws-left": String(a.expected.draws_left), "data-changes": String(a.expected.changes),
      "data-objective": a.expected.objective,
      text: tr("advice_model_used", a.expected.draws_left, a.expected.changes,
        tr(`advice_objective_${a.expected.objective}`)) }) : modelProblemNote(panel);
    if (!a.discards) {  // 13 tiles: the hand's own 进张 (and, with the model, its numbers)
      out.replaceChildren(...[shanten, model].filter(Boolean), el("div", { class: "advice-hand" },
        el("p", { class: "hint", text: tr("advice_draws") }),
        drawsList(a.tiles || []),
        el("p", { class: "advice-total", "data-left-total": String(a.left_total),
          text: tr("advice_left_total", a.left_total) }),
        a.expected ? el("div", { class: "advice-hand-ev" },
          el("p", { class: "hint", text: tr("advice_hand_ev") }),
          metrics(a, null, a.expected.objective))  // one hand: nothing to compare, no bars
          : null,
        a.expected && a.win_probability === null
          ? el("p", { class: "hint advice-far-note", text: tr("advice_far_note") }) : null));
      return;
    }
    out.replaceChildren(...[shanten, model, discardsTable(a.discards, a.expected, a.best),
      a.expected && a.discards.some((d) => d.win_probability === null)
        ? el("p", { class: "hint advice-far-note", text: tr("advice_far_note") }) : null,
      adviceWaits(a.discards)].filter(Boolean));
  }

  /** Why this advice has no 胡牌率 / 期望得分: the first answer's problem (the model's inputs'
   * errors placed at their fields, the rest said here). */
  function modelProblemNote(panel) {
    const problem = advice.modelProblem;
    if (!problem) return null;
    const modelBox = $("advice-model");
    if (modelBox && (problem.data.errors || []).some((e) => MODEL_INPUTS.includes(e.field))) {
      modelBox.open = true;  // its fields must be visible to hold their errors
    }
    const unplaced = MJ.placeErrors(panel, problem.data);
    const said = unplaced.length ? unplaced.map((e) => el("li", {},
      el("code", { text: e.field || "body" }), ": ", e.message))
      : (problem.data.errors || []).length ? [el("li", { text: tr("advice_no_model_fields") })]
        : [el("li", { text: problem.data.detail || "" })];
    return el("div", { class: "advice-no-model", id: "advice-no-model",
      "data-status": String(problem.status) },
    el("p", { text: tr("advice_no_model") }), said.length ? el("ul", {}, said) : null);
  }

  /** 42.3% (a chance), never 0.0% for a chance above 0 nor 100.0% for one below 1. */
  function percent(p) {
    if (p > 0 && p < 0.0005) return "<0.1%";
    if (p < 1 && p > 0.9995) return ">99.9%";
    return `${(100 * p).toFixed(1)}%`;
  }

  function points(x) {
    return x > 0 && x < 0.005 ? "<0.01" : x.toFixed(2);
  }

  /** 胡牌率 and 期望得分, each its number as text over a bar scaled to ``scale`` (the best
   * entry's; none given: no bar). The objective's one is drawn stronger. A null (more than 3
   * from ready) is "—", saying so on hover. */
  function metrics(entry, scale, objective) {
    const numbers = { win: entry.win_probability, score: entry.expected_score };
    return el("div", { class: "advice-ev" }, ["win", "score"].map((kind) => {
      const value = numbers[kind];
      const none = value === null || value === undefined;
      const text = none ? "—" : kind === "win" ? percent(value) : points(value);
      const bar = scale ? el("span", { class: "advice-bar", "aria-hidden": "true" },
        el("span", { class: "advice-bar-fill" })) : null;
      if (bar) {  // the style attribute is refused by the page's CSP: set the width itself
        const share = none || !(scale[kind] > 0) ? 0 : Math.min(1, value / scale[kind]);
        bar.firstChild.style.width = `${(100 * share).toFixed(2)}%`;
      }
      return el("div", { class: `advice-metric ${kind}${kind === objective ? " objective" : ""}`,
        "data-kind": kind, "data-value": none ? "" : String(value) },
      el("span", { class: "advice-metric-text" },
        el("span", { class: "advice-metric-name", text: tr(`advice_metric_${kind}`) }), " ",
        el("span", { class: "advice-metric-number", title: none ? tr("advice_far") : null,
          text }),
        none ? el("span", { class: "sr-only", text: ` (${tr("advice_far")})` }) : null), bar);
    }));
  }

  /** A tile's name for a label: 五条 5s, and 精 when it is a jing (wild) of this hand. */
  function tileName(code) {
    return `${nameZh(code)} ${code}${jingKinds().has(code) ? " 精" : ""}`;
  }

  /** A small tile as the page draws them; a jing has its gold frame and 精 badge. */
  function adviceTile(code, opts) {
    return tile(code, { small: true, label: tileName(code), ...(opts || {}),
                        wild: jingKinds().has(code) });
  }

  /** 进张 as tiles, each with its copies left under it. */
  function drawsList(draws) {
    return el("span", { class: "advice-draws" }, draws.map((d) => el("span", {
      class: "advice-draw", "data-tile": d.tile, "data-left": String(d.left) },
      adviceTile(d.tile, { label: tr("advice_draw", tileName(d.tile), d.left) }),
      el("span", { class: `advice-left ${d.left ? "" : "none"}`, "aria-hidden": "true",
        text: String(d.left) }))));
  }

  function discardsTable(discards, expected, best) {
    const choose = (code) => {
      advice.selected = code;
      showAdvice();
      const again = document.querySelector(`#advice tr[data-discard="${CSS.escape(code)}"] button`);
      if (again) again.focus();
    };
    // Each bar is scaled to the best entry of its own number.
    const most = (key) => Math.max(0, ...discards.map((d) => d[key] || 0));
    const scale = expected ? { win: most("win_probability"), score: most("expected_score") } : null;
    return el("table", { class: `advice-discards${expected ? " expected" : ""}` },
      el("thead", {}, el("tr", {}, tr("advice_head").map((h) => el("th", { scope: "col", text: h })),
        expected ? el("th", { scope: "col", class: "advice-ev-head", text: tr("advice_ev_head") })
          : null)),
      el("tbody", {}, discards.map((d) => el("tr", {
        class: `${d.waits ? "ready" : ""} ${d.discard === advice.selected ? "selected" : ""}`,
        "data-discard": d.discard, "data-shanten": String(d.shanten),
        "data-left-total": String(d.left_total), "data-best": d.discard === best ? "" : null,
        onclick: (event) => { if (!event.target.closest("button")) choose(d.discard); } },
        el("td", {}, pressed(adviceTile(d.discard, { tag: "button", extra: "advice-pick",
          label: tr("advice_choose", tileName(d.discard)),
          onclick: () => choose(d.discard) }), d.discard === advice.selected),
        d.discard === best ? el("span", { class: "advice-best", title: tr("advice_best"),
          "aria-label": tr("advice_best"), text: "★" }) : null),
        el("td", { class: "advice-n", text: tr("shanten_text", d.shanten) }),
        el("td", {}, drawsList(d.tiles)),
        el("td", { class: "amount", text: String(d.left_total) }),
        expected ? el("td", { class: "advice-ev-cell" }, metrics(d, scale, expected.objective))
          : null))));
  }

  function pressed(button, on) {
    button.setAttribute("aria-pressed", String(on));
    return button;
  }

  /** The waits of the discard chosen (or why it has none). */
  function adviceWaits(discards) {
    const d = discards.find((x) => x.discard === advice.selected);
    if (!d) return el("div", { class: "advice-waits", id: "advice-waits" });
    if (!d.waits) {
      return el("div", { class: "advice-waits", id: "advice-waits", "data-discard": d.discard },
        el("p", { class: "hint", text: tr("advice_not_ready", d.discard, d.shanten) }));
    }
    // a missing way of winning says why (the wait's note, as /evaluate says it) on hover
    const value = (v, note) => (v ? el("span", { class: "advice-value", "data-total": String(v.total) },
      el("strong", { text: String(v.total) }), " ",
      el("span", { class: "advice-patterns", text: v.patterns.join(" ") }),
      v.de_guo ? el("span", { class: "advice-de-guo", title: tr("advice_de_guo"),
        text: "德国" }) : null)
      : el("span", { class: "advice-none muted", "data-total": "", title: note || "",
        text: tr("advice_not_allowed") }));
    return el("div", { class: "advice-waits", id: "advice-waits", "data-discard": d.discard },
      el("h4", {}, adviceTile(d.discard), " ", tr("advice_waits_title", d.discard)),
      el("table", { class: "advice-wait-table" },
        el("thead", {}, el("tr", {}, tr("advice_waits_head").map((h) =>
          el("th", { scope: "col", text: h })))),
        el("tbody", {}, d.waits.map((w) => el("tr", { "data-tile": w.tile,
          "data-left": String(w.left), class: w.left ? "" : "dead" },
          el("td", {}, adviceTile(w.tile)),
          el("td", { class: "amount", text: String(w.left) }),
          el("td", { class: "self-draw" }, value(w.self_draw, w.note)),
          el("td", { class: "on-discard" }, value(w.on_discard, w.note)))))));
  }

  function seatsFields() {
    const t = state.table;
    return el("div", { class: "seats" }, t.players.map((p, seat) => {
      const prefix = `players[${seat}]`;
      return el("fieldset", { class: `seat ${t.winners.includes(seat) ? "winner" : ""}`,
        "data-field": prefix }, el("legend", { text: MJ.seatName(seat, t.dealer) }),
        tileInput(tr("hand"), () => p.hand, (v) => { p.hand = v; },
          { field: `${prefix}.hand`, id: `p${seat}-hand`, jingMarks: true }),
        meldsEditor(p.melds, `${prefix}.melds`),
        tileInput(tr("discards"), () => p.discards, (v) => { p.discards = v; },
          { field: `${prefix}.discards`, placeholder: tr("optional") }));
    }));
  }

  function toggleIn(list, item, on) {
    const i = list.indexOf(item);
    if (on && i < 0) list.push(item);
    if (!on && i >= 0) list.splice(i, 1);
  }

  /** Tick or untick a winner; past the variant's max_winners the earliest ticked gives
   * way (xingguo and nanchang take one winner, so a tick there moves the win). */
  function chooseWinner(seat, on) {
    const t = state.table;
    toggleIn(t.winners, seat, on);
    while (t.winners.length > maxWinners()) t.winners.shift();
  }

  const maxWinners = () => variant().max_winners || 3;

  function settleFields() {
    const t = state.table;
    const winners = el("fieldset", { class: "winners", "data-field": "result.winners" },
      el("legend", { text: tr("winners") }),
      [0, 1, 2, 3].map((seat) => checkbox(MJ.seatName(seat, t.dealer), () => t.winners.includes(seat),
        (on) => chooseWinner(seat, on), { field: `result.winners[${seat}]`, redraw: true })));
    const declared = variant().events || [];
    const events = declared.length ? el("fieldset", { class: "events", "data-field": "events" },
      el("legend", { text: tr("events") }),
      declared.includes("follow_dealer") ? number(tr("follow_dealer"), () => t.follow_dealer,
        (v) => { t.follow_dealer = v; }, { id: "follow-dealer", max: 100 }) : null,
      declared.includes("false_win") ? [0, 1, 2, 3].map((seat) => checkbox(
        tr("false_win", MJ.seatName(seat, t.dealer)), () => t.false_win.includes(seat),
        (on) => toggleIn(t.false_win, seat, on))) : null) : null;
    return [
      select(tr("dealer_check"), seatChoices(), () => t.dealer, (v) => { t.dealer = Number(v); },
        { field: "dealer", redraw: true }),
      jingFieldset(),
      seatsFields(),
      el("fieldset", { class: "result" }, el("legend", { text: tr("result") }),
        winners,
        el("div", { class: "row" },
          select(tr("win_type"), winTypeChoices(), () => t.win_type, (v) => { t.win_type = v; },
            { field: "result.win_type" }),
          select(tr("discarder"), seatChoices("—"), () => t.discarder,
            (v) => { t.discarder = v; }, { field: "result.discarder" }),
          tileInput(tr("win_tile"), () => t.win_tile, (v) => { t.win_tile = v; },
            { field: "result.win_tile", single: true })),
        flagsFieldset(t.flags, "result.flags")),
      events,
      variant().horses ? tileInput(tr("horses"), () => t.horses, (v) => { t.horses = v; },
        { field: "horses", placeholder: tr("horses_hint") }) : null,
      select(tr("round_wind"), windChoices(tr("east_default")), () => t.round_wind,
        (v) => { t.round_wind = v; }, { field: "round_wind" }),
    ];
  }

  function matchFields() {
    const m = state.match;
    const rounds = el("textarea", { id: "match-rounds", "data-field": "rounds", rows: "14",
      spellcheck: "false", autocomplete: "off",
      placeholder: '[{"players": [{"hand": "…"}, …], "result": {"winners": [0], …}}, …]' });
    rounds.value = m.rounds;
    const count = el("span", { class: "count" });
    const counted = () => {
      const list = matchRounds();
      count.textContent = list instanceof Error ? tr("rounds_not_yet") : tr("n_rounds", list.length);
    };
    rounds.addEventListener("input", () => { m.rounds = rounds.value; counted(); saveUrl(); });
    counted();
    const box = field(tr("rounds_label"), rounds, "match-rounds");
    box.querySelector("label").append(" ", count);
    box.append(el("div", { class: "row" },
      el("button", { type: "button", id: "add-round", text: tr("add_round"),
        onclick: () => {
          const list = matchRounds();
          const next = [...(list instanceof Error ? [] : list), settleRound()];
          m.rounds = JSON.stringify(next, null, 1);
          saveUrl();
          draw();
        } })),
      el("p", { class: "hint", text: tr("rounds_hint") }));
    return [
      el("div", { class: "row" },
        select(tr("first_dealer"), seatChoices(), () => m.dealer,
          (v) => { m.dealer = Number(v); }, { field: "dealer" }),
        select(tr("first_wind"), windChoices(tr("east_default")), () => m.round_wind,
          (v) => { m.round_wind = v; }, { field: "round_wind" })),
      box,
    ];
  }

  function jingFields() {
    const t = state.table;
    return [
      jingFieldset(),
      checkbox(tr("jing_with_players"), () => t.with_players,
        (on) => { t.with_players = on; }, { redraw: true }),
      t.with_players ? select(tr("dealer_check"), seatChoices(), () => t.dealer,
        (v) => { t.dealer = Number(v); }, { field: "dealer", redraw: true }) : null,
      t.with_players ? seatsFields() : null,
    ];
  }

  // --------------------------------------------------------------------------- palette
  function setTarget(input, labelText) {
    target = input;
    paletteBox.querySelector("#target-name").textContent = labelText;  // the box may be out of the page
    placePalette();
  }

  /* On a narrow screen (one column) the palette follows the field it types into, right under
   * it, so a player sees the hand while tapping tiles; on a wide one it sits in the right
   * column. The palette box is moved, never rebuilt: its buttons keep their handlers. */
  const ONE_COLUMN = window.matchMedia("(max-width: 900px)");

  const paletteBox = document.querySelector(".palette-box");

  function placePalette() {
    const box = paletteBox;
    const holder = ONE_COLUMN.matches && target && target.isConnected
      && (target.closest(".row, .meld-row") || target.closest(".field"));
    if (holder) {
      if (holder.nextElementSibling !== box) holder.after(box);
    } else if (box.nextElementSibling !== $("results")) {
      $("results").before(box);
    }
    box.classList.toggle("inline", Boolean(holder));
  }

  function defaultTarget() {
    const input = document.querySelector("#fields input[data-tiles]");
    if (input) setTarget(input, input.closest(".field").querySelector("label").firstChild.textContent);
  }

  function addTile(code) {
    if (!target || !target.isConnected) defaultTarget();
    if (!target) return;
    if (target.dataset.tiles === "one") {
      target.value = code;
    } else {
      const parsed = parse(target.value);
      target.value = parsed.error ? `${target.value}${code}` : compact([...parsed.tiles, code]);
    }
    target.dispatchEvent(new Event("input"));
  }

  function buildPalette() {
    const rows = [MJ.CODES.slice(0, 9), MJ.CODES.slice(9, 18), MJ.CODES.slice(18, 27),
                  MJ.CODES.slice(27, 31), MJ.CODES.slice(31)];
    $("palette").replaceChildren(...rows.map((codes) => el("div", { class: "palette-row" },
      codes.map((code) => tile(code, { tag: "button", extra: "pick",
        label: tr("add_tile", `${nameZh(code)} ${code}`), onclick: () => addTile(code) })))));
  }

  function wirePalette() {
    $("backspace").addEventListener("click", () => {
      if (!target) defaultTarget();
      const parsed = target ? parse(target.value) : { tiles: [] };
      if (target && parsed.tiles.length && !parsed.error) removeAt(target, parsed.tiles.length - 1);
    });
    $("clear-field").addEventListener("click", () => {
      if (!target) defaultTarget();
      if (target) { target.value = ""; target.dispatchEvent(new Event("input")); target.focus(); }
    });
  }

  // --------------------------------------------------------------------------- drawing
  function draw() {
    const v = variant();
    $("variant").value = state.variant;
    $("variant-info").textContent = v.name ? `${v.title_zh} · ${v.title_en}`
      + (v.scored ? "" : tr("shape_only")) : "";
    // The rules book's page of this variant: every pattern, payment and option it answers with.
    $("rules-link").href = v.name ? `/rules/${encodeURIComponent(v.name)}` : "/rules";
    document.querySelectorAll("[role=tab]").forEach((tab) => {
      const on = tab.dataset.mode === state.mode;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    });
    const builders = { evaluate: evaluateFields, settle: settleFields, jing: jingFields,
                       match: matchFields };
    const targetField = target && target.dataset.field;
    const active = document.activeElement;
    const focused = active && $("fields").contains(active) ? active.dataset.field : null;
    $("fields").replaceChildren(...builders[state.mode]().flat().filter(Boolean), rulesFieldset() || "");
    $("fields").setAttribute("aria-labelledby", `tab-${state.mode}`);
    $("submit").textContent = tr("submit")[state.mode];
    const again = targetField && document.querySelector(`#fields [data-field="${CSS.escape(targetField)}"][data-tiles]`);
    if (again) setTarget(again, again.closest(".field").querySelector("label").firstChild.textContent);
    else { target = null; defaultTarget(); }
    placePalette();  // also when no field takes tiles (the match tab)
    const refocus = focused && document.querySelector(`#fields [data-field="${CSS.escape(focused)}"]`);
    if (refocus) refocus.focus();
    if (state.mode === "evaluate") { showAdvice(); adviseSoon(); }
  }

  // --------------------------------------------------------------------------- submit
  let inFlight = 0;
  async function submit() {
    const rounds = state.mode === "match" ? matchRounds() : null;
    if (rounds instanceof Error) {
      MJ.clearErrors($("form"));
      MJ.placeErrors($("form"), { errors: [{ field: "rounds", message: rounds.message }] });
      $("answer").replaceChildren(MJ.renderProblem({ title: tr("not_sent"),
        detail: rounds.message }, "", []));
      answered();
      return;
    }
    const body = buildRequest();
    const path = ENDPOINT[state.mode];
    const ticket = ++inFlight;
    history.replaceState(null, "", hashFor(body));
    $("results").setAttribute("aria-busy", "true");
    const answer = await MJ.call(path, body);
    if (ticket !== inFlight) return; // a newer request was sent meanwhile
    $("results").removeAttribute("aria-busy");
    MJ.clearErrors($("form"));
    if (state.mode === "evaluate") showAdvice();  // the advice panel's own errors, again
    $("curl").textContent = MJ.curl(path, body);
    $("request").textContent = JSON.stringify(body, null, 2);
    $("response").textContent = answer.text ? pretty(answer.text) : JSON.stringify(answer.data, null, 2);
    $("status").textContent = `${answer.status || tr("no_status")}`;
    $("status").className = answer.ok ? "ok" : "bad";
    const out = $("answer");
    if (!answer.ok) {
      showRulesFor(answer.data);
      const unplaced = MJ.placeErrors($("form"), answer.data);
      out.replaceChildren(MJ.renderProblem(answer.data, answer.status, unplaced));
      const first = document.querySelector("#form [aria-invalid=true]");
      if (first) first.focus();
      answered();
      return;
    }
    if (state.mode === "evaluate") out.replaceChildren(MJ.evaluation(answer.data));
    else if (state.mode === "settle") out.replaceChildren(MJ.settlement(answer.data, body.dealer));
    else if (state.mode === "match") out.replaceChildren(MJ.matchAnswer(answer.data));
    else out.replaceChildren(MJ.jingAnswer(answer.data, body.dealer));
    answered();
  }

  /** Count the answers shown, so that a test (or a user script) can wait for the next one. */
  function answered() {
    document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
  }

  function pretty(text) {
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch (err) { return text; }
  }

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
    } catch (err) {
      const area = el("textarea", { class: "offscreen" });
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    const was = button.textContent;
    button.textContent = tr("copied");
    setTimeout(() => { button.textContent = was; }, 1200);
  }

  // --------------------------------------------------------------------------- start
  function wire() {
    $("variant").addEventListener("change", () => {
      const keep = state;
      state = freshState($("variant").value);
      state.mode = keep.mode;
      state.evaluate = keep.evaluate;
      state.table = keep.table;
      state.jing = keep.jing;
      state.match = keep.match;
      state.table.winners.splice(0, Math.max(0, state.table.winners.length - maxWinners()));
      saveUrl();
      draw();
    });
    const tabs = [...document.querySelectorAll("[role=tab]")];
    tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => { state.mode = tab.dataset.mode; saveUrl(); draw(); });
      tab.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
        if (!step) return;
        const next = tabs[(i + step + tabs.length) % tabs.length];
        next.focus();
        next.click();
      });
    });
    $("form").addEventListener("submit", (event) => { event.preventDefault(); submit(); });
    $("example").addEventListener("click", () => {
      state = exampleState(state.variant, state.mode);
      saveUrl();
      draw();
      submit();
    });
    $("reset").addEventListener("click", () => {
      const mode = state.mode;
      state = freshState(state.variant);
      state.mode = mode;
      history.replaceState(null, "", location.pathname + location.search);
      MJ.clearErrors($("form"));
      $("answer").replaceChildren();
      draw();
    });
    $("copy-link").addEventListener("click", (event) => {
      history.replaceState(null, "", hashFor(buildRequest()));
      const link = new URL(location.href);  // the link keeps the language it was made in
      link.searchParams.set("lang", MJ.language());
      copy(link.href, event.currentTarget);
    });
    $("copy-curl").addEventListener("click", (event) => copy($("curl").textContent, event.currentTarget));
    window.addEventListener("hashchange", () => {
      const shared = stateFromUrl();
      if (shared) { state = shared; draw(); submit(); }
    });
  }

  /** GET /variants in the page's language (its option descriptions are sentences). */
  async function loadVariants() {
    const data = await MJ.getJson("/variants");
    variants = Object.fromEntries(data.variants.map((v) => [v.name, v]));
    $("variant").replaceChildren(...data.variants.map((v) =>
      el("option", { value: v.name, text: `${v.name} · ${v.title_zh}` })));
    $("rules-version").textContent = data.rules_version;
    return data;
  }

  /** After the switch: the page's words, the variants' descriptions and the answer shown
   * (sent again, so that its sentences come back in the new language). */
  async function relanguage() {
    document.body.dataset.ready = "false";
    await loadVariants();
    buildPalette();
    draw();
    document.body.dataset.ready = "true";
    if ($("answer").childElementCount) submit();
  }

  async function start() {
    MJ.setLanguage(MJ.chooseLanguage(), false);
    const data = await loadVariants();
    buildPalette();
    wirePalette();
    wire();
    MJ.languageSwitch(relanguage);
    ONE_COLUMN.addEventListener("change", placePalette);
    const shared = stateFromUrl();
    state = shared || freshState(data.variants[0].name);
    draw();
    document.body.dataset.ready = "true";
    if (shared) submit();
  }

  start();
})();
