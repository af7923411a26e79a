/**
 * What to discard with the expected-value model, and log mode: the hand of docs/advice.md's
 * worked example (throwing N leaves it ready on 5s alone: 4 copies among 122 unseen tiles,
 * 12 self-drawn, so in 10 draws 1 − (118/122)^10 to win and 12 times that to score), then
 * every action of seat 2 after seat 3's 3p in the replay example's round (pung it, or pass).
 * Run against `make run`: npm run example:advise (SCORING_URL=http://host:port to point
 * elsewhere). Expected:
 *   N 0.2835 3.4019
 *   {"seat":2,"type":"pung","tile":"3p"} [["pung","4.17"],["pass","3.23"]]
 */
import { ScoringClient, type HandAdviseRequest, type ReplayRequest } from "../src/client.js";
import { SCORING_URL, withServer } from "./server.js";

const client = new ScoringClient({ baseUrl: SCORING_URL });

// The south seat (guangdong's model needs the seat wind): three melds and 46s99sN.
const hand: HandAdviseRequest = {
  variant: "guangdong",
  hand: "46s99sN",
  seat_wind: "S",
  melds: [
    { type: "chow", tiles: "123m" }, { type: "chow", tiles: "456p" },
    { type: "pung", tiles: "CCC" },
  ],
};

// The replay example's round after its first 15 actions: seat 3 has just thrown 3p.
const inProgress: ReplayRequest = {
  variant: "guangdong",
  dealer: 3,
  wall_size: 70,
  deal: ["356m11789p1336sE", "1338m578p4467sCF", "29m3678p1678sEEN", "13445m679p22248sW"],
  actions: [
    { seat: 3, type: "discard", tile: "8s" }, { seat: 0, type: "draw", tile: "5s" },
    { seat: 0, type: "discard", tile: "E" }, { seat: 2, type: "pung", tile: "E" },
    { seat: 2, type: "discard", tile: "2m" }, { seat: 3, type: "chow", tiles: "123m" },
    { seat: 3, type: "discard", tile: "W" }, { seat: 0, type: "draw", tile: "1m" },
    { seat: 0, type: "discard", tile: "6m" }, { seat: 1, type: "draw", tile: "9p" },
    { seat: 1, type: "discard", tile: "8m" }, { seat: 2, type: "draw", tile: "3p" },
    { seat: 2, type: "discard", tile: "9m" }, { seat: 3, type: "draw", tile: "3p" },
    { seat: 3, type: "discard", tile: "3p" },
  ],
};

await withServer(async () => {
  // Each discard's 胡牌率 and 期望得分, ranked by the score: ten draws left, no hand change.
  const advice = await client.adviseExpected(hand, { draws_left: 10, changes: 0 });
  const best = advice.discards?.[0];
  console.log(advice.best, best?.win_probability?.toFixed(4), best?.expected_score?.toFixed(4));

  // Log mode: every action seat 2 may take now, valued; `best` is the one ranked first.
  const seat = await client.adviseLog(inProgress, 2);
  const valued = seat.actions?.map((a) => [a.type, a.expected_score?.toFixed(2)]);
  console.log(JSON.stringify(seat.best), JSON.stringify(valued));
});
