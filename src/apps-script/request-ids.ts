/**
 * The request options of the plan API in the bundle: every agent function that changes the plan takes
 * `{ requestId }` after its own arguments (src/core/api/api-functions.ts, REQUEST_OPTIONS), read here once for all of
 * them. The id reaches the write path of the call, which answers a repeat with the first answer
 * (src/core/write-path/request-ids.ts).
 */
import { changeRequest, type ChangeRequest } from '../core/write-path/request-ids';
import { runAsNamedCaller } from './agent-identity';
import { requestArgumentOf } from './descriptor-tables';

let current: ChangeRequest | undefined;

/** The request of the API call running now; undefined outside one, or when the caller sent no id. */
export function currentRequest(): ChangeRequest | undefined {
  return current;
}

type Call = (...args: unknown[]) => unknown;

/**
 * The agent function `name` taking its request options when it changes the plan (where, the API descriptor says:
 * ./descriptor-tables.ts): `implementation` gets its own arguments (one left out before the options is undefined
 * again), and its write path the request, for the length of the call. Apps Script runs one call per execution and the
 * call is synchronous, so no other call sees it. A function that changes nothing is `implementation` itself.
 */
export function acceptingRequestIds(name: string, implementation: Call): Call {
  const where = requestArgumentOf(name);
  if (!where) return implementation;
  const { index, omittable } = where;
  return (...args: unknown[]) => {
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
