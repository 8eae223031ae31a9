/**
 * `POST /v1/scripts/{id}:run` as Google's Apps Script API answers it, executing dist/Code.js in an
 * API context (no UI) on the emulated spreadsheet. Request and response follow
 * https://developers.google.com/apps-script/api/reference/rest/v1/scripts/run: an Operation with
 * `done` and `response.result`, or `error.details[]` holding an ExecutionError. A script error is
 * HTTP 200 with `error` in the body; a malformed request or missing credentials is an HTTP error.
 *
 * Checked against Google's reference (Operation, ExecutionResponse, ExecutionError) and published
 * responses: an unknown function is a ScriptError "Script function not found: name" (HTTP 200),
 * errorType is "ScriptError", and `result` is left out when the function returns nothing. What
 * errorMessage holds for an error the script throws is not documented; published responses show
 * the error's name in front ("Error: …", "TypeError: …"), so the emulator sends that form and
 * clients must accept a name before our code prefix ("Error: NOT_FOUND: …").
 */
import { bundleFunctionNames, ExecutionRefused, type EmulatedSpreadsheet, type ExecutionPool } from '../emulator';

export const EXECUTION_RESPONSE_TYPE = 'type.googleapis.com/google.apps.script.v1.ExecutionResponse';
export const EXECUTION_ERROR_TYPE = 'type.googleapis.com/google.apps.script.v1.ExecutionError';

export interface HttpAnswer {
  status: number;
  body: unknown;
}

function httpError(status: number, googleStatus: string, message: string): HttpAnswer {
  return { status, body: { error: { code: status, message, status: googleStatus } } };
}

/** Frames of the bundle (`at startTask (…/Code.js:120:11)`) as Google's scriptStackTraceElements. */
export function stackTraceElements(stack: string | undefined): Array<{ function: string; lineNumber: number }> {
  const elements: Array<{ function: string; lineNumber: number }> = [];
  for (const line of (stack ?? '').split('\n')) {
    // `at name (…/Code.js:120:11)` or `at …/Code.js:120:11`, cut with string search (linear in the line).
    const frame = line.trim();
    const file = frame.lastIndexOf('Code.js:');
    if (!frame.startsWith('at ') || file < 0) continue;
    const lineNumber = /^(\d+):\d+\)?$/.exec(frame.slice(file + 'Code.js:'.length));
    if (!lineNumber) continue;
    const space = frame.indexOf(' ', 3);
    const name = space > 3 && space < file ? frame.slice(3, space) : '(anonymous)';
    elements.push({ function: name, lineNumber: Number(lineNumber[1]) });
  }
  return elements;
}

/** `Error: NOT_FOUND: …`: the message as String(error) gives it, the name read from the stack's first line. */
export function withErrorName(message: string, stack: string | undefined): string {
  const header = stack?.split('\n')[0] ?? '';
  const name = header.endsWith(`: ${message}`) ? header.slice(0, header.length - message.length - 2) : '';
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${name}: ${message}` : message;
}

export function scriptError(message: string, stack?: string): HttpAnswer {
  return {
    status: 200,
    body: {
      done: true,
      error: {
        code: 3,
        message: 'ScriptError',
        details: [
          {
            '@type': EXECUTION_ERROR_TYPE,
            errorMessage: message,
            errorType: 'ScriptError',
            scriptStackTraceElements: stackTraceElements(stack),
          },
        ],
      },
    },
  };
}

export interface ScriptsRunOptions {
  spreadsheet: EmulatedSpreadsheet;
  distDir: string;
  /** Runs the execution at the same time as others. */
  pool: ExecutionPool;
  /** The Authorization header; Google refuses a call without credentials. */
  authorization?: string;
}

/**
 * Answers one scripts.run request. An execution refused by the limit of simultaneous executions is
 * HTTP 429 RESOURCE_EXHAUSTED: nothing ran, so a client may retry it.
 */
export async function handleScriptsRun(requestBody: unknown, options: ScriptsRunOptions): Promise<HttpAnswer> {
  if (!options.authorization || !/^Bearer \S+/.test(options.authorization)) {
    return httpError(
      401,
      'UNAUTHENTICATED',
      'Request is missing required authentication credential. Expected OAuth 2 access token.',
    );
  }
  if (typeof requestBody !== 'object' || requestBody === null || Array.isArray(requestBody)) {
    return httpError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Expected an ExecutionRequest object.');
  }
  const request = requestBody as { function?: unknown; parameters?: unknown };
  if (typeof request.function !== 'string' || !request.function) {
    return httpError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. "function" is required.');
  }
  if (request.parameters !== undefined && !Array.isArray(request.parameters)) {
    return httpError(400, 'INVALID_ARGUMENT', "Invalid value at 'parameters': expected a list of values.");
  }
  if (!bundleFunctionNames(options.distDir).includes(request.function))
    return scriptError(`Script function not found: ${request.function}`);
  let outcome;
  try {
    outcome = await options.pool.run(
      options.spreadsheet,
      options.distDir,
      request.function,
      (request.parameters as unknown[]) ?? [],
      { context: 'api' },
    );
  } catch (error) {
    if (error instanceof ExecutionRefused) return httpError(429, 'RESOURCE_EXHAUSTED', error.message);
    throw error;
  }
  if ('error' in outcome)
    return scriptError(withErrorName(outcome.error.message, outcome.error.stack), outcome.error.stack);
  const response: Record<string, unknown> = { '@type': EXECUTION_RESPONSE_TYPE };
  // Google leaves `result` out when the function returns nothing.
  if (outcome.result !== undefined && outcome.result !== null) response.result = outcome.result;
  return { status: 200, body: { done: true, response } };
}
