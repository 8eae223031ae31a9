/**
 * What a failed call to the plan API becomes in Node: one error class whose `code` a program can
 * switch on, whatever went wrong (the script refused, Google refused, the network or the clock).
 */
import { parseErrorMessage, type PlanErrorCode } from '../../core/errors';

export type PlanClientErrorCode =
  /**
   * The script refused (bad input, unknown step, disallowed change…) or a service failed (SERVICE_ERROR): the prefix
   * of its message.
   */
  | PlanErrorCode
  /** The script threw without one of our prefixes (e.g. "Script function not found: x"). */
  | 'SCRIPT_ERROR'
  /** Google's API refused the call itself (HTTP 4xx/5xx): see `httpStatus` and `apiStatus`. */
  | 'API_ERROR'
  /** No answer within the call's timeout; the function may or may not have run. */
  | 'TIMEOUT'
  /** The request never got an HTTP answer (connection refused, DNS…). */
  | 'NETWORK_ERROR';

/** A frame of the script's stack, deepest call first, as Google's ExecutionError gives it. */
export interface ScriptStackTraceElement {
  function?: string;
  lineNumber?: number;
}

export interface PlanClientErrorDetails {
  /** The Apps Script function that was called. */
  functionName: string;
  /** The message without its code prefix. */
  detail?: string;
  stackTrace?: ScriptStackTraceElement[];
  /** ExecutionError.errorType: "ScriptError", "TypeError"… */
  errorType?: string;
  httpStatus?: number;
  /** Google's status name for an API error: NOT_FOUND, PERMISSION_DENIED, UNAUTHENTICATED… */
  apiStatus?: string;
  /** How many HTTP requests were made, retries included. */
  attempts?: number;
  cause?: unknown;
}

export class PlanClientError extends Error {
  readonly code: PlanClientErrorCode;
  readonly functionName: string;
  /** The message without its code prefix (`Task 9.9 not found (steps: …)`). */
  readonly detail: string;
  readonly stackTrace: ScriptStackTraceElement[];
  readonly errorType?: string;
  readonly httpStatus?: number;
  readonly apiStatus?: string;
  readonly attempts: number;
  /** The underlying error (an HTTP or network error), when there is one. */
  readonly cause?: unknown;

  constructor(code: PlanClientErrorCode, message: string, details: PlanClientErrorDetails) {
    super(message);
    this.name = 'PlanClientError';
    this.code = code;
    this.functionName = details.functionName;
    this.detail = details.detail ?? message;
    this.stackTrace = details.stackTrace ?? [];
    this.errorType = details.errorType;
    this.httpStatus = details.httpStatus;
    this.apiStatus = details.apiStatus;
    this.attempts = details.attempts ?? 1;
    if (details.cause !== undefined) this.cause = details.cause;
  }
}

/**
 * Reads `CODE: detail` from a script's error message (core/errors.ts parses it for every caller). Google documents
 * errorMessage only as "the error message thrown by Apps Script"; published responses carry the error's name in
 * front (`Error: NOT_FOUND: …`), which the parser drops.
 */
export function parseScriptMessage(message: string): { code: PlanClientErrorCode; message: string; detail: string } {
  return parseErrorMessage(message) ?? { code: 'SCRIPT_ERROR', message, detail: message };
}

/** What people hit when calling scripts.run, and what to do about it (see docs/agents.md). */
export function apiErrorHint(httpStatus: number | undefined): string {
  switch (httpStatus) {
    case 401:
      return 'the access token is missing, expired or revoked; get a new one';
    case 403:
      return (
        "the OAuth client must belong to the script's standard Cloud project, with the Apps Script API " +
        "enabled, and the token must cover the script's scopes"
      );
    case 404:
      return (
        'use the API executable deployment id (Deploy > Manage deployments), not the script id, and check ' +
        'the script is deployed as API executable'
      );
    case 429:
      return 'too many requests; retries were used up';
    default:
      return '';
  }
}
