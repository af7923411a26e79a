/**
 * Where the examples find the service, and the one line they print when nothing answers
 * there (instead of Node's stack trace of a failed fetch).
 */

// Node's `process`, declared here so the examples need no @types/node.
declare const process: { env: Record<string, string | undefined>; exitCode?: number };

/** SCORING_URL, else `make run`'s address. */
export const SCORING_URL = process.env.SCORING_URL ?? "http://localhost:8000";

/**
 * Runs an example; when the service cannot be reached (fetch rejects with a TypeError: the
 * connection refused, the host unknown, the port bad), says so in one line and exits 1.
 * Any other error is the example's to report, and is thrown on.
 */
export async function withServer(example: () => Promise<void>): Promise<void> {
  try {
    await example();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    console.error(`no server at ${SCORING_URL} — start one with \`make run\` ` +
                  "(or set SCORING_URL)");
    process.exitCode = 1;
  }
}
