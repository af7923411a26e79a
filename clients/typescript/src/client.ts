/**
 * A thin typed fetch wrapper for the mahjong scoring service.
 *
 * Every request and answer type comes from `schema.d.ts`, which openapi-typescript generates
 * from the contract, openapi.yaml (`make clients`); nothing here restates a field of it, so a
 * change of the contract reaches every caller as a type error rather than a surprise at run
 * time. It runs wherever the standard fetch API does: browsers, Node 18+.
 */
import type { components, paths } from "./schema.js";

export type Schemas = components["schemas"];

type JsonOf<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type PostPath = "/evaluate" | "/settle" | "/jing" | "/match" | "/advise" | "/replay" | "/review";

/** The JSON body that `POST path` takes. */
export type RequestOf<P extends PostPath> = JsonOf<paths[P]["post"]["requestBody"]>;
/** The JSON body of a 200 answer to `POST path`. */
export type AnswerOf<P extends PostPath> = JsonOf<paths[P]["post"]["responses"][200]>;

export type EvaluateRequest = RequestOf<"/evaluate">;
export type EvaluateResponse = AnswerOf<"/evaluate">;
export type SettleRequest = RequestOf<"/settle">;
export type Settlement = AnswerOf<"/settle">;
export type JingRequest = RequestOf<"/jing">;
export type JingResponse = AnswerOf<"/jing">;
export type Variants = JsonOf<paths["/variants"]["get"]["responses"][200]>;

export type AdviseRequest = RequestOf<"/advise">;
export type AdviceResponse = AnswerOf<"/advise">;
/** The expected-value model's inputs (each left out: the service's default). */
export type ExpectedModel = Pick<AdviseRequest, "objective" | "draws_left" | "changes">;
/** A hand-mode /advise body without the model's fields (`adviseExpected` adds them). */
export type HandAdviseRequest = Omit<AdviseRequest, "log" | "seat" | keyof ExpectedModel
  | "expected">;
export type DiscardAdvice = Schemas["DiscardAdvice"];
/** Log mode: an action of the seat with its `win_probability` and `expected_score`. */
export type ValuedAction = Schemas["ValuedAction"];
/** The model's inputs as the answer says they were used. */
export type ExpectedInputs = Schemas["ExpectedInputs"];

export type ReplayRequest = RequestOf<"/replay">;
export type ReplayResponse = AnswerOf<"/replay">;
export type ReviewRequest = RequestOf<"/review">;
export type ReviewResponse = AnswerOf<"/review">;

export type MatchRequest = RequestOf<"/match">;
export type MatchResponse = AnswerOf<"/match">;
export type MatchRound = Schemas["MatchRound"];
export type MatchRoundAnswer = Schemas["MatchRoundAnswer"];

/** One entry of a problem's `errors`: `field` (a JSON path), `message`, its stable `code`, and
 * `position` (the character index of a bad tile in a tile string) where there is one. */
export type FieldError = Schemas["ProblemError"];
/** An application/problem+json body (RFC 9457). The service always sends `code`; it is
 * optional here because an answer that is not a problem (a proxy's page) is wrapped as one. */
export type Problem = Omit<Schemas["Problem"], "code"> & { code?: string; errors?: FieldError[] };

/** Every answer that is not a 2xx: the problem+json body, or what stood in for it. */
export class ProblemError extends Error {
  readonly status: number;
  /** The problem's stable `code`, or null when the server sent none. */
  readonly code: string | null;
  /** The offending fields of a 422, as the server listed them; [] when there are none. */
  readonly errors: FieldError[];
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
    this.name = "ProblemError";
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code ?? null;
    this.errors = Array.isArray(problem.errors) ? problem.errors : [];
  }
}

export interface ClientOptions {
  /** Where the service is served; default http://localhost:8000 (`make run`). */
  baseUrl?: string;
  /** Milliseconds before a call is aborted; default 10000. */
  timeoutMs?: number;
  /** Sent as Accept-Language on every call (e.g. "zh-CN"). */
  acceptLanguage?: string;
  /** Another fetch (a test double, a polyfill); default the global one. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  acceptLanguage?: string;
  /** Replaces the client's timeout for this call. */
  signal?: AbortSignal;
}

const PROBLEM_JSON = "application/problem+json";

export class ScoringClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly acceptLanguage?: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions = {}) {
    this.baseUrl = (options.baseUrl ?? "http://localhost:8000").replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.acceptLanguage = options.acceptLanguage;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** One hand: does it win, its patterns and payments; or, one tile short, its waits. */
  evaluate(body: EvaluateRequest, options?: CallOptions): Promise<EvaluateResponse> {
    return this.call("POST", "/evaluate", body, options);
  }

  /** One finished round: every seat's zero-sum `deltas` and the `ledger` of transfers. */
  settle(body: SettleRequest, options?: CallOptions): Promise<Settlement> {
    return this.call("POST", "/settle", body, options);
  }

  /** xingguo/nanchang: 正精/副精 from an indicator; with players, the jing scores. */
  jing(body: JingRequest, options?: CallOptions): Promise<JingResponse> {
    return this.call("POST", "/jing", body, options);
  }

  /** A whole match: every round settled in order, with running and final totals. */
  match(body: MatchRequest, options?: CallOptions): Promise<MatchResponse> {
    return this.call("POST", "/match", body, options);
  }

  /** What to discard: the hand's shanten and, per discard, its 进张 and waits. The body may
   * ask for the expected values itself (`expected: true`, …), or be a log-mode body. */
  advise(body: AdviseRequest, options?: CallOptions): Promise<AdviceResponse> {
    return this.call("POST", "/advise", body, options);
  }

  /** `advise` with the expected-value model: each discard's `win_probability` (胡牌率) and
   * `expected_score` (期望得分), ranked by `model.objective` ("score", the default, or
   * "win"), for `model.draws_left` of the seat's own draws (0-40) and `model.changes` hand
   * changes (0 or 1); the answer's `expected` says the inputs used and `best` the discard
   * ranked first. A field of `model` left out (or undefined) is not sent: the service's
   * default. */
  adviseExpected(hand: HandAdviseRequest, model: ExpectedModel = {},
                 options?: CallOptions): Promise<AdviceResponse> {
    return this.call("POST", "/advise", { ...hand, expected: true, ...model }, options);
  }

  /** Log mode of `POST /advise`: `log` is a `replay` body whose round is in progress, `seat`
   * (0-3) the seat to advise. The answer is the seat's own advice (`shanten`, and `discards`
   * or `tiles`) with every action it may take now in `actions`, each valued, and the one the
   * objective ranks first in `best` (an action without its numbers, or null). The model is
   * implied; `draws_left` defaults to what the wall left gives the seat. */
  adviseLog(log: ReplayRequest, seat: number, model: ExpectedModel = {},
            options?: CallOptions): Promise<AdviceResponse> {
    return this.call("POST", "/advise", { log, seat, ...model }, options);
  }

  /** One round played from its deal and action log, every action checked: finished, its
   * `settle_request` and `settlement`; in progress, the `turn`, `seats` and `legal`. */
  replay(body: ReplayRequest, options?: CallOptions): Promise<ReplayResponse> {
    return this.call("POST", "/replay", body, options);
  }

  /** A played round decision by decision: each decision's played and best actions, their
   * values and the loss, and a summary per seat. */
  review(body: ReviewRequest, options?: CallOptions): Promise<ReviewResponse> {
    return this.call("POST", "/review", body, options);
  }

  /** Every variant with its shapes, flags and rule options. */
  variants(options?: CallOptions): Promise<Variants> {
    return this.call("GET", "/variants", undefined, options);
  }

  private async call<T>(method: string, path: string, body: unknown,
                        options: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: `application/json, ${PROBLEM_JSON}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const language = options.acceptLanguage ?? this.acceptLanguage;
    if (language) headers["Accept-Language"] = language;
    const response = await this.fetchImpl(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal ?? AbortSignal.timeout(this.timeoutMs),
    });
    if (response.ok) return (await response.json()) as T;
    throw new ProblemError(await problemOf(response));
  }
}

/** The problem+json body; an answer that is not one (a proxy's HTML page) is wrapped as one. */
async function problemOf(response: Response): Promise<Problem> {
  const text = await response.text();
  if ((response.headers.get("Content-Type") ?? "").startsWith(PROBLEM_JSON)) {
    try {
      // The HTTP status is the one that counts (RFC 9457 makes the body's advisory).
      return { ...(JSON.parse(text) as Problem), status: response.status };
    } catch {
      // Not JSON after all: fall through to the wrapped form.
    }
  }
  return {
    type: "about:blank",
    title: response.statusText || "HTTP error",
    status: response.status,
    detail: text.slice(0, 500),
  };
}
