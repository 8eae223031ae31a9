/**
 * The request options of the plan API in the bundle: every agent function that changes the plan takes
 * `{ requestId }` after its own arguments (src/core/api-functions.ts, REQUEST_OPTIONS), read here once for all of
 * them. The id reaches the PlanManager of the call, which answers a repeat with the first answer
 * (src/core/request-ids.ts).
 */
import type { RequestArgument } from '../core/api-functions';
import { changeRequest, type ChangeRequest } from '../core/request-ids';
import { runAsNamedCaller } from './agent-identity';

/**
 * Where each changing agent function takes its request options, from the API descriptor: scripts/build.mjs writes it
 * in (the descriptor's schemas are zod, which stays out of dist/Code.js).
 */
declare const SHEET_PLAN_REQUEST_ARGUMENTS: Record<string, RequestArgument>;

let current: ChangeRequest | undefined;

/** The request of the API call running now; undefined outside one, or when the caller sent no id. */
export function currentRequest(): ChangeRequest | undefined {
  return current;
}

type Implementations = Record<string, (...args: never[]) => unknown>;

/**
 * The API's implementations, each changing agent function wrapped to take its request options: it gets its own
 * arguments (one left out before the options is undefined again), and its PlanManager the request, for the length of
 * the call. Apps Script runs one call per execution and the call is synchronous, so no other call sees it.
 */
export function acceptingRequestIds<Api extends Implementations>(api: Api): Api {
  const wrapped: Implementations = { ...api };
  for (const [name, { index, omittable }] of Object.entries(SHEET_PLAN_REQUEST_ARGUMENTS)) {
    const implementation = api[name] as ((...args: unknown[]) => unknown) | undefined;
    if (!implementation) continue;
    wrapped[name] = (...args: unknown[]) => {
      const own = args
        .slice(0, index)
        .map((value, position) => (value === null && omittable.includes(position) ? undefined : value));
      const request = changeRequest(name, own, args[index]);
      const outer = current;
      current = request;
      try {
        // A caller without a key may name itself: `{ agent }` (./agent-identity.ts).
        return runAsNamedCaller((args[index] as { agent?: unknown } | null | undefined)?.agent, () =>
          implementation(...own),
        );
      } finally {
        current = outer;
      }
    };
  }
  return wrapped as Api;
}
