/**
 * Settles the qinzhou 一炮多响 of the README (its example B) and prints the deltas.
 * Run against `make run`: npm run example (SCORING_URL=http://host:port to point elsewhere).
 * Expected: [-12,-2,14,0]; with no server there, one line saying so, and exit status 1.
 */
import { ProblemError, ScoringClient, type SettleRequest } from "../src/client.js";
import { SCORING_URL, withServer } from "./server.js";

// Node's `process`, declared here so the example needs no @types/node.
declare const process: { exitCode?: number };

const client = new ScoringClient({ baseUrl: SCORING_URL });

const round: SettleRequest = {
  variant: "qinzhou",
  dealer: 0,
  players: [
    { hand: "234m678m234p678pN" },
    { hand: "222s444s666pEEE88s" },
    { hand: "11s33s77p88pSSWW88s" },
    { hand: "CCCFFFPPP999sN" },
  ],
  result: { winners: [1, 2], win_type: "discard", discarder: 0, win_tile: "8s" },
  horses: "1m5m9m2m6m3m7m1p5p9p",
};

await withServer(async () => {
  try {
    const settlement = await client.settle(round);
    console.log(JSON.stringify(settlement.deltas)); // [-12,-2,14,0]
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    console.error(error.status, error.code, JSON.stringify(error.errors));
    process.exitCode = 1;
  }
});
