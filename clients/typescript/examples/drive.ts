/**
 * Plays one round of each variant against the service: deals a shuffled wall, flips the
 * indicators, then follows POST /replay's `legal` for every seat until it is empty.
 * Run against `make run`: npm run example:drive (SCORING_URL=http://host:port to point
 * elsewhere; `npm run example:drive -- SEED` for another seed than 41, from 0 to
 * 999999999). Each variant prints one line, `<variant>: <n> actions, finished, winners [..],
 * deltas [..]`; docs/replay.md shows the four of seed 41.
 *
 * The table (the tiles, the players' choices) is the driver's; the rules are the service's:
 * the driver never decides what is legal, it only chooses among what `legal` lists. The
 * service is stateless, so the whole log is posted again after each action. It plays the
 * same rounds as examples/drive.py of the Python client: the random numbers come from the
 * small generator below, not Math.random, so one seed deals the same walls and makes the same
 * choices in both. docs/replay.md ("Drive a game") says why each step is done as it is.
 */
import {
  ProblemError,
  ScoringClient,
  type ReplayRequest,
  type ReplayResponse,
  type Schemas,
} from "../src/client.js";
import { SCORING_URL, withServer } from "./server.js";

// Node's `process`, declared here so the example needs no @types/node.
declare const process: { argv: string[]; exitCode?: number };

type Action = Schemas["Action"];
type Listed = Schemas["ActionOut"];

const SEED = 41;
// 34 kinds, 4 of each: 136 tiles, no flowers.
const KINDS = [..."mps"].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${suit}`))
  .concat([..."ESWNCFP"]);
// guangdong's wall is sent by its size alone, to show how a driver fills in a draw's
// `missing` tile from its own wall.
const TABLES: { variant: ReplayRequest["variant"]; rules: ReplayRequest["rules"];
                sendWall: boolean }[] = [
  { variant: "xingguo", rules: {}, sendWall: true },
  { variant: "nanchang", rules: {}, sendWall: true },
  { variant: "qinzhou", rules: { horse_count: 10 }, sendWall: true },
  { variant: "guangdong", rules: {}, sendWall: false },
];
const KONGS = ["kong", "added_kong", "concealed_kong"];
const MAX_ACTIONS = 600; // /replay's limit: a round that has not ended by then never will

/** The service answered something a driver cannot go on from (a bug to report). */
class DriveError extends Error {}

/**
 * xorshift32: a few lines that give the same numbers in TypeScript and Python, so both
 * examples play the same rounds from one seed (Math.random cannot be seeded).
 */
class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = Math.imul(seed, 0x9e3779b1) >>> 0 || 1; // spread small seeds; never 0
  }

  next(): number {
    let x = this.state;
    x = (x ^ (x << 13)) >>> 0;
    x = (x ^ (x >>> 17)) >>> 0;
    x = (x ^ (x << 5)) >>> 0;
    this.state = x;
    return x;
  }

  below(n: number): number {
    return this.next() % n;
  }

  chance(p: number): boolean {
    return this.next() < p * 2 ** 32;
  }
}

/**
 * One round's set-up: the request less its actions, and the driver's own wall (the tiles
 * still to draw, the next ordinary draw first), which fills in a draw listed as `missing`.
 */
interface Table {
  body: ReplayRequest;
  wall: string[];
}

/** The 136 tiles, Fisher-Yates shuffled. */
function shuffledTiles(rng: Rng): string[] {
  const tiles = KINDS.flatMap((kind) => [kind, kind, kind, kind]);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles;
}

/**
 * Deal 13 tiles to each seat and a 14th to the dealer; the rest is the wall. xingguo's
 * indicator and nanchang's 下精 leave the wall (out of play); nanchang's 上精 stays in it.
 */
function setUp({ variant, rules, sendWall }: (typeof TABLES)[number], rng: Rng): Table {
  const tiles = shuffledTiles(rng);
  const dealer = rng.below(4);
  const deal = [0, 1, 2, 3].map((seat) => tiles.slice(13 * seat, 13 * seat + 13));
  deal[dealer]!.push(tiles[52]!);
  const wall = tiles.slice(53);
  const body: ReplayRequest = { variant, dealer, deal, actions: [] };
  if (rules && Object.keys(rules).length > 0) body.rules = rules;
  if (variant === "xingguo") {
    body.jing = { indicator: wall.pop()! }; // flipped from the tail, out of play
  } else if (variant === "nanchang") {
    const upper = wall[wall.length - 1]!; // flipped face up where it lies: still drawn in its turn
    const lower = wall.splice(wall.length - 2, 1)[0]!; // the tile under it, out of play
    body.jing = { indicator: upper, lower_indicator: lower };
  }
  if (sendWall) body.wall = [...wall]; // the service draws from it (and qinzhou's horses)
  else body.wall_size = wall.length; // the draws then name their tiles, from `wall`
  return { body, wall };
}

/** How much a tile does for its hand: 3 per copy held, 1 per suit neighbour within two. */
function looseness(tile: string, hand: string[]): number {
  const same = hand.filter((t) => t === tile).length;
  if (tile.length === 1) return 3 * same; // an honour: only its copies help it
  const n = Number(tile[0]);
  const near = hand.filter((t) => t.length === 2 && t[1] === tile[1] &&
                                  Math.abs(Number(t[0]) - n) >= 1 &&
                                  Math.abs(Number(t[0]) - n) <= 2).length;
  return 3 * same + near;
}

/** The first of `actions` with the least `key` (as Python's min). */
function least(actions: Listed[], key: (action: Listed) => number): Listed {
  return actions.reduce((best, action) => (key(action) < key(best) ? action : best));
}

/**
 * One of the listed actions, or null when every seat's list is empty. A win first (the seat
 * nearest after the discarder); on a seat's own turn a kong from hand half the time, else its
 * loosest tile; on an open discard a kong or pung half the time, a chow three times in ten,
 * else the next seat's draw.
 */
function choose(answer: ReplayResponse, rng: Rng): Listed | null {
  const legal = (answer.legal ?? []).flat().map((action) => ({ ...action }));
  if (legal.length === 0) return null;
  const turn = answer.turn ?? 0;
  const wins = legal.filter((a) => a.type === "win");
  if (wins.length > 0) return least(wins, (a) => (((a.seat - turn) % 4) + 4) % 4);
  const discards = legal.filter((a) => a.type === "discard");
  if (discards.length > 0) {
    const kongs = legal.filter((a) => a.type === "concealed_kong" || a.type === "added_kong");
    if (kongs.length > 0 && rng.chance(0.5)) return kongs[0]!;
    const hand: string[] = answer.seats?.[discards[0]!.seat]?.hand ?? [];
    return least(discards, (a) => looseness(a.tile ?? "", hand));
  }
  for (const [kinds, p] of [[["kong", "pung"], 0.5], [["chow"], 0.3]] as const) {
    const claims = legal.filter((a) => (kinds as readonly string[]).includes(a.type));
    if (claims.length > 0 && rng.chance(p)) return claims[rng.below(claims.length)]!;
  }
  return legal.find((a) => a.type === "draw") ?? legal[0]!;
}

/**
 * The action as pushed: a draw listed with `missing: ["tile"]` (no wall was sent) takes the
 * wall's next tile, or its last for a kong's replacement (the seat's own kong just before).
 */
function fillIn(listed: Listed, table: Table, log: Action[]): Action {
  const { missing = [], ...action } = listed;
  if (missing.some((field) => field !== "tile")) {
    throw new DriveError(`legal lists ${JSON.stringify(listed)}: this driver fills only tile`);
  }
  if (missing.length === 0) return action as Action;
  const last = log[log.length - 1];
  const replacement = last !== undefined && last.seat === action.seat &&
    KONGS.includes(last.type);
  const tile = replacement ? table.wall.pop() : table.wall.shift();
  return { ...action, tile } as Action;
}

/** Post the log, push one listed action, again, until every seat's `legal` is empty. */
async function play(client: ScoringClient, table: Table,
                    rng: Rng): Promise<[Action[], ReplayResponse]> {
  const log: Action[] = [];
  for (;;) {
    const body: ReplayRequest = { ...table.body, actions: log };
    let answer: ReplayResponse;
    try {
      answer = await client.replay(body);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      // An action `legal` listed was refused: a bug.
      throw new DriveError(`${body.variant}: ${error.status} ${JSON.stringify(error.errors)} ` +
                           `for ${JSON.stringify(body)}`);
    }
    const action = choose(answer, rng);
    if (action === null) {
      if (answer.status !== "finished") {
        throw new DriveError(`in progress with nothing legal for ${JSON.stringify(body)}`);
      }
      return [log, answer];
    }
    if (log.length === MAX_ACTIONS) {
      throw new DriveError(`not ended after ${MAX_ACTIONS} actions: ${JSON.stringify(body)}`);
    }
    log.push(fillIn(action, table, log));
  }
}

/**
 * The variant's line; no settlement, or deltas that do not sum to zero, is an error (with the
 * log, to report).
 */
function summary(table: Table, log: Action[], answer: ReplayResponse): string {
  const variant = table.body.variant;
  const body = JSON.stringify({ ...table.body, actions: log });
  const winners = answer.settle_request?.result?.winners;
  const deltas = answer.settlement?.deltas;
  if (winners === undefined || deltas === undefined) {
    throw new DriveError(`${variant}: finished without a settlement for ${body}`);
  }
  if (deltas.reduce((sum, delta) => sum + delta, 0) !== 0) {
    throw new DriveError(`${variant}: the deltas ${JSON.stringify(deltas)} do not sum to zero ` +
                         `for ${body}`);
  }
  return `${variant}: ${log.length} actions, ${answer.status}, ` +
         `winners ${JSON.stringify(winners)}, deltas ${JSON.stringify(deltas)}`;
}

/**
 * One round of each variant, each from its own generator (one variant's choices do not move
 * another's).
 */
async function drive(client: ScoringClient, seed: number): Promise<void> {
  for (const [index, setting] of TABLES.entries()) {
    const rng = new Rng(seed * 4 + index + 1);
    const table = setUp(setting, rng);
    const [log, answer] = await play(client, table, rng);
    console.log(summary(table, log, answer));
  }
}

/** The seed (the first argument, else SEED) and the four rounds it plays. */
async function main(): Promise<void> {
  const seed = process.argv[2] ?? String(SEED);
  if (!/^[0-9]{1,9}$/.test(seed)) { // as examples/drive.py: the same numbers in both
    console.error(`the seed is a whole number from 0 to 999999999, not ${JSON.stringify(seed)}`);
    process.exitCode = 2;
    return;
  }
  await withServer(async () => {
    try {
      await drive(new ScoringClient({ baseUrl: SCORING_URL }), Number(seed));
    } catch (error) {
      if (!(error instanceof DriveError)) throw error;
      console.error(error.message);
      process.exitCode = 1;
    }
  });
}

await main();
