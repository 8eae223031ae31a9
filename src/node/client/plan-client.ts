/**
 * PlanClient: the plan API of a Sheet Plan deployment, from Node, over Google's own client for the
 * Apps Script API (@googleapis/script). The same code talks to Google (https://script.googleapis.com/)
 * or to the local emulator (`sheet-plan start`, http://127.0.0.1:8080/), chosen by `rootUrl`.
 *
 * Each method runs one Apps Script function through scripts.run: the methods and their types are derived from the
 * API descriptor (src/core/api/api-functions.ts), so a function added there is a method here. A script error becomes a
 * PlanClientError with the code of its message (`NOT_FOUND: Task 9.9 not found …`); HTTP 429 and
 * 5xx answers are retried with exponential backoff and jitter; script errors never are.
 *
 * A 5xx can come after the script ran, so a change is retried only because it carries a request id: every call of a
 * function that changes the plan sends one (`{ requestId }` after its own arguments, fresh unless given), and the
 * script answers a repeat with the first answer without writing. A call without one is retried only when the
 * descriptor says the function is `retrySafe`.
 */
import { script, type script_v1 } from '@googleapis/script';
import { randomUUID } from 'node:crypto';
import {
  AGENT_FUNCTION_NAMES,
  API_FUNCTIONS,
  apiFunction,
  requestArgumentIndex,
  type AgentFunctionName,
  type FunctionName,
  type ApiParameters,
  type ApiResult,
  type PlanViewRequest,
  type RequestOptions,
} from '../../core/api/api-functions';
import type { RevisedPlan } from '../../core/write-path/results';
import { OAuth2Client } from './oauth';
import type { CompactPlan } from '../../core/format/summary';
import { PlanClientError, apiErrorHint, parseScriptMessage, type ScriptStackTraceElement } from './errors';
import { hasOwn } from '../../core/own-keys';

export const GOOGLE_ROOT_URL = 'https://script.googleapis.com/';

/** What @googleapis/script accepts as credentials: an OAuth2Client, GoogleAuth or external account client. */
export type PlanClientAuth = Exclude<script_v1.Options['auth'], string | undefined>;

export interface RetryOptions {
  /** Requests in all, the first included (default 5). 1 turns retrying off. */
  attempts?: number;
  /** The first wait; each retry doubles it (default 500 ms). */
  baseDelayMs?: number;
  /** The longest wait between two attempts (default 8 s). */
  maxDelayMs?: number;
}

export interface PlanClientOptions {
  /** The deployment id of the API executable (not the script id); `local` for the emulator. */
  scriptId: string;
  /** Where the Apps Script API is: Google's by default, or the emulator's URL. */
  rootUrl?: string;
  /** An OAuth2 client (OAuth2Client, Google's own) holding the user's credentials. */
  auth?: PlanClientAuth;
  /** Or a bare OAuth access token. */
  accessToken?: string;
  /** Run the most recently saved code instead of the deployed version (owner only). */
  devMode?: boolean;
  /** How long one request may take before it is abandoned (default 60 s). */
  timeoutMs?: number;
  retry?: RetryOptions;
  /**
   * The agent this client is, by name (`Report builder`): its changes are recorded under it, and its claims on tasks
   * are its own (docs/agents.md, "Several agents on one plan"). Without it, every client without a key is `api`.
   */
  agent?: string;
}

export type { ProgressResult, ValidationResult } from '../../core/write-path/results';
export type { AgentAction, AgentCommand, PlanViewRequest, RequestOptions } from '../../core/api/api-functions';

const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * Node's own fetch for every request. Left alone, gaxios loads node-fetch with a dynamic import(),
 * which fails where modules are loaded as CommonJS without ESM support (jest).
 */
export const TRANSPORT = { fetchImplementation: globalThis.fetch };

/**
 * Whether a call may be sent again after a 429 or 5xx: it carries a request id (the script applies it once), or the
 * descriptor says calling the function twice leaves the plan as calling it once. A function the descriptor does not
 * know is not retried.
 */
export function isRetried(functionName: string, parameters: readonly unknown[]): boolean {
  if (!hasOwn(API_FUNCTIONS, functionName)) return false;
  const index = requestArgumentIndex(functionName);
  const options = index === undefined ? undefined : parameters[index];
  const carriesId = typeof (options as { requestId?: unknown } | undefined)?.requestId === 'string';
  return carriesId || apiFunction(functionName as FunctionName).retrySafe;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface HttpFailure {
  status?: number;
  data?: { error?: { message?: string; status?: string } };
  retryAfter?: string;
}

/** The HTTP answer inside a gaxios error, if there was one. */
function httpFailure(error: unknown): HttpFailure | undefined {
  const response = (error as { response?: { status?: number; data?: unknown; headers?: unknown } }).response;
  if (!response || typeof response.status !== 'number') return undefined;
  const headers = response.headers as { get?: (name: string) => string | null } | Record<string, string> | undefined;
  const retryAfter =
    typeof headers?.get === 'function'
      ? (headers.get('retry-after') ?? undefined)
      : (headers as Record<string, string> | undefined)?.['retry-after'];
  return { status: response.status, data: response.data as HttpFailure['data'], retryAfter };
}

/** The plan API as methods: one per agent function of the descriptor (src/core/api/api-functions.ts), as promises. */
export type PlanApiMethods = {
  [Name in AgentFunctionName]: (...args: ApiParameters<Name>) => Promise<ApiResult<Name>>;
};

// The methods are installed on the prototype from the descriptor (below the class); this declares them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PlanClient extends Omit<PlanApiMethods, 'getPlan'> {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PlanClient {
  readonly scriptId: string;
  readonly rootUrl: string;
  private readonly service: script_v1.Script;
  private readonly devMode: boolean;
  private readonly timeoutMs: number;
  private readonly retry: Required<RetryOptions>;
  private readonly agent: string | undefined;

  constructor(options: PlanClientOptions) {
    if (!options.scriptId)
      throw new Error(
        'PlanClient needs scriptId: the deployment id of the API executable (or "local" for the emulator)',
      );
    if (!options.auth && !options.accessToken)
      throw new Error('PlanClient needs auth (an OAuth2 client) or accessToken');
    let auth = options.auth;
    if (!auth) {
      const client = new OAuth2Client({ transporterOptions: TRANSPORT });
      client.setCredentials({ access_token: options.accessToken });
      auth = client;
    }
    this.scriptId = options.scriptId;
    this.rootUrl = options.rootUrl ?? GOOGLE_ROOT_URL;
    this.service = script({ version: 'v1', auth, rootUrl: this.rootUrl });
    this.devMode = options.devMode ?? false;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.retry = { attempts: 5, baseDelayMs: 500, maxDelayMs: 8000, ...options.retry };
    this.agent = options.agent;
  }

  // ---- the plan API: one method per agent function of the descriptor (installed below), and getPlan ----

  /** The whole plan, parsed, with its revision and stamp; null when the cell is empty. */
  getPlan(): Promise<RevisedPlan | null>;
  /** A summary for an LLM's context: finished phases folded, what needs attention in full. */
  getPlan(request: PlanViewRequest): Promise<CompactPlan | null>;
  getPlan(request?: PlanViewRequest): Promise<RevisedPlan | CompactPlan | null> {
    return this.call('getPlan', request);
  }

  /**
   * Calls an agent function of the descriptor by name, typed by it. Arguments left out at the end are not sent
   * (Apps Script sees them as undefined, not null). A function that changes the plan gets its request options after
   * its own arguments: the ones given, or a fresh request id (an argument left out before them is sent as null). The
   * client's `agent` goes with them, and with getNextTask's options.
   */
  call<Name extends AgentFunctionName>(name: Name, ...args: ApiParameters<Name>): Promise<ApiResult<Name>> {
    const index = requestArgumentIndex(name);
    const named = this.agent === undefined ? {} : { agent: this.agent };
    if (index !== undefined) {
      const own = Array.from({ length: index }, (_, position) => args[position] ?? null);
      const options: RequestOptions = { requestId: randomUUID(), ...named, ...(args[index] as RequestOptions) };
      return this.run(name, [...own, options]);
    }
    const parameters: unknown[] = [...args];
    // The functions that take the caller's name in options of their own: as the first argument, or writeRange's fourth.
    const at = name === 'getNextTask' || name === 'getPlan' ? 0 : name === 'writeRange' ? 3 : undefined;
    if (at !== undefined && this.agent !== undefined) parameters[at] = { ...named, ...(args[at] as object) };
    while (parameters.length && parameters[parameters.length - 1] === undefined) parameters.pop();
    return this.run(name, parameters);
  }

  // ---- the transport ----

  /**
   * Runs any function of the deployment through scripts.run and returns its result; a 429 or 5xx is retried when
   * `isRetried` says so.
   */
  async run<T>(functionName: string, parameters: unknown[] = []): Promise<T> {
    const requestBody: script_v1.Schema$ExecutionRequest = {
      function: functionName,
      parameters,
      devMode: this.devMode,
    };
    const attempts = isRetried(functionName, parameters) ? this.retry.attempts : 1;
    for (let attempt = 1; ; attempt++) {
      const signal = AbortSignal.timeout(this.timeoutMs);
      let operation: script_v1.Schema$Operation;
      try {
        const response = await this.service.scripts.run(
          { scriptId: this.scriptId, requestBody },
          { ...TRANSPORT, signal, retry: false },
        );
        operation = response.data;
      } catch (error) {
        const failure = httpFailure(error);
        if (failure?.status !== undefined && RETRIED_STATUSES.has(failure.status) && attempt < attempts) {
          await sleep(this.delayBefore(attempt + 1, failure.retryAfter));
          continue;
        }
        throw this.requestError(functionName, error, failure, signal, attempt, attempts > 1);
      }
      return this.resultOf<T>(functionName, operation, attempt);
    }
  }

  /**
   * Full jitter: a random wait up to base × 2^(retry − 1), capped; a Retry-After in seconds is honoured up to the cap.
   */
  private delayBefore(attempt: number, retryAfter: string | undefined): number {
    const ceiling = Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 2));
    const asked = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
    return Math.min(this.retry.maxDelayMs, Math.max(asked, Math.random() * ceiling));
  }

  private resultOf<T>(functionName: string, operation: script_v1.Schema$Operation, attempts: number): T {
    if (operation.error) {
      const execution = (operation.error.details?.[0] ?? {}) as {
        errorMessage?: string;
        errorType?: string;
        scriptStackTraceElements?: ScriptStackTraceElement[];
      };
      const parsed = parseScriptMessage(
        execution.errorMessage ?? operation.error.message ?? 'The script failed without a message',
      );
      throw new PlanClientError(parsed.code, parsed.message, {
        functionName,
        detail: parsed.detail,
        stackTrace: execution.scriptStackTraceElements ?? [],
        errorType: execution.errorType,
        attempts,
      });
    }
    if (operation.done === false) {
      throw new PlanClientError(
        'API_ERROR',
        `${functionName} did not finish: the API answered before the execution ended`,
        { functionName, attempts },
      );
    }
    // Google leaves `result` out when the function returns nothing (or null).
    return (operation.response?.result ?? null) as T;
  }

  private requestError(
    functionName: string,
    error: unknown,
    failure: HttpFailure | undefined,
    signal: AbortSignal,
    attempts: number,
    retried: boolean,
  ): PlanClientError {
    if (failure?.status !== undefined) {
      const apiError = failure.data?.error;
      const said = apiError?.message ?? `HTTP ${failure.status}`;
      const hint =
        RETRIED_STATUSES.has(failure.status) && !retried
          ? 'not retried: the function may change the plan and the call carried no request id, so the change may ' +
            'or may not have been made (the PlanClient methods send one)'
          : apiErrorHint(failure.status);
      return new PlanClientError(
        'API_ERROR',
        `${functionName}: ${said} (HTTP ` +
          `${failure.status}${apiError?.status ? ` ${apiError.status}` : ''})${hint ? `: ${hint}` : ''}`,
        {
          functionName,
          detail: said,
          httpStatus: failure.status,
          apiStatus: apiError?.status,
          attempts,
          cause: error,
        },
      );
    }
    if (signal.aborted) {
      return new PlanClientError(
        'TIMEOUT',
        `${functionName}: no answer within ${this.timeoutMs} ms; the function may or may not have run`,
        { functionName, attempts, cause: error },
      );
    }
    const message = error instanceof Error ? error.message : String(error);
    return new PlanClientError('NETWORK_ERROR', `${functionName}: could not reach ${this.rootUrl}: ${message}`, {
      functionName,
      detail: message,
      attempts,
      cause: error,
    });
  }
}

for (const name of AGENT_FUNCTION_NAMES) {
  if (name === 'getPlan') continue; // declared in the class, with its two overloads
  Object.defineProperty(PlanClient.prototype, name, {
    value: function (this: PlanClient, ...args: unknown[]) {
      return this.call(name, ...(args as never));
    },
    writable: true,
    configurable: true,
  });
}
