/**
 * Replays the contract's guangdong round from its log and prints what the service makes of it:
 * after 3 actions, whose turn it is and what seat 2 may do (pung seat 0's 东); after all 20,
 * the settlement (seat 2 wins on seat 3's 北); and an illegal chow, refused at actions[1].
 * Run against `make run`: npm run example:replay (SCORING_URL=http://host:port to point
 * elsewhere). Expected:
 *   in_progress 1 [{"seat":2,"type":"pung","tile":"E"}]
 *   finished [0,0,2,-2]
 *   422 actions[1] action.chow_not_next
 */
import { ProblemError, ScoringClient, type ReplayRequest } from "../src/client.js";
import { SCORING_URL, withServer } from "./server.js";

// Node's `process`, declared here so the example needs no @types/node.
declare const process: { exitCode?: number };

const client = new ScoringClient({ baseUrl: SCORING_URL });

// Seat 3 deals. The draws name their tiles, so the wall is given by its size alone.
const round: ReplayRequest = {
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
    { seat: 3, type: "discard", tile: "3p" }, { seat: 2, type: "pung", tile: "3p" },
    { seat: 2, type: "discard", tile: "1s" }, { seat: 3, type: "draw", tile: "N" },
    { seat: 3, type: "discard", tile: "N" }, { seat: 2, type: "win" },
  ],
};

await withServer(async () => {
  // In progress: whose turn, and what each seat may do now.
  const now = await client.replay({ ...round, actions: round.actions.slice(0, 3) });
  console.log(now.status, now.turn, JSON.stringify(now.legal?.[2]));

  // Finished: the settlement, exactly what POST /settle answers for `settle_request`.
  const done = await client.replay(round);
  console.log(done.status, JSON.stringify(done.settlement?.deltas));

  // Seat 1 chows seat 3's 8s, which only the next seat (0) may: a 422 at that action.
  try {
    await client.replay({
      ...round,
      actions: [round.actions[0], { seat: 1, type: "chow", tiles: "678s" }],
    });
    process.exitCode = 1; // not refused: the service let an illegal chow through
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    const [first] = error.errors;
    console.log(error.status, first?.field, first?.code);
  }
});
