/**
 * google.script.run as promises, typed by the server functions themselves. Every call passes the
 * person token first; each call is exactly one google.script.run round trip.
 */
import type * as SidebarFunctions from '../../src/apps-script/sidebar';
import { parseErrorMessage, planErrorCode, type PlanErrorCode } from '../../src/core/errors';
import { SESSION_GLOBAL, type SidebarSession } from './protocol';

/** google.script.run: the handlers, then any server function by name. */
type ScriptRunner = {
  withSuccessHandler(handler: (value: unknown) => void): ScriptRunner;
  withFailureHandler(handler: (error: Error) => void): ScriptRunner;
} & Record<string, (...args: unknown[]) => unknown>;

declare global {
  interface Window {
    google?: { script: { run: ScriptRunner; host: { close(): void } } };
    [SESSION_GLOBAL]?: SidebarSession;
  }
}

/** The server functions that take the token first (showPlanSidebar is the menu's, sidebarRenewSession needs none). */
type Callable = Exclude<
  {
    [Name in keyof typeof SidebarFunctions]: (typeof SidebarFunctions)[Name] extends (
      token: string,
      ...rest: never[]
    ) => unknown
      ? Name
      : never;
  }[keyof typeof SidebarFunctions],
  'showPlanSidebar' | 'sidebarRenewSession'
>;
type Rest<F> = F extends (token: string, ...rest: infer R) => unknown ? R : never;

export type Server = <Name extends Callable>(
  name: Name,
  ...args: Rest<(typeof SidebarFunctions)[Name]>
) => Promise<ReturnType<(typeof SidebarFunctions)[Name]>>;

export function readSession(): SidebarSession | null {
  const session = window[SESSION_GLOBAL];
  return session && typeof session.token === 'string' ? session : null;
}

/** One google.script.run call. */
function callScript(name: string, args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const run = window.google?.script?.run;
    if (!run) {
      reject(new Error('google.script.run is not available: this page works only as the Agent Plan sidebar'));
      return;
    }
    run
      .withSuccessHandler(resolve)
      .withFailureHandler((error) => reject(error instanceof Error ? error : new Error(String(error))))
      [name](...args);
  });
}

/**
 * Every call passes the person token first. CacheService may drop the token before it expires; then the call
 * is refused (NEEDS_PERSON, before anything is read or written), the sidebar asks for a fresh token through
 * sidebarRenewSession (which works only where a person's Sheets window made the call) and sends the same call
 * once more, so the person loses nothing.
 */
export function connect(session: SidebarSession): Server {
  let token = session.token;
  let renewal: Promise<string> | null = null;
  const renew = () =>
    (renewal ??= (callScript('sidebarRenewSession', []) as Promise<SidebarSession>).then(
      (fresh) => {
        token = fresh.token;
        return token;
      },
      (error: unknown) => {
        renewal = null;
        throw error;
      },
    ));
  return (async (name: string, ...args: unknown[]) => {
    const sentWith = token;
    try {
      return await callScript(name, [sentWith, ...args]);
    } catch (error) {
      if (!sessionRefused(error)) throw error;
      // A call that overlapped a renewal may already have the new token; otherwise ask for one.
      const fresh = token !== sentWith ? token : await renew().catch(() => Promise.reject(error));
      renewal = null;
      return callScript(name, [fresh, ...args]);
    }
  }) as Server;
}

/** "Error: ", "PlanError: ", "Exception: ": what a browser or Apps Script may put before a message. */
const ERROR_NAME = /^[A-Za-z]*(?:Error|Exception): /;

/** The message to show a person: `CODE: detail` for our errors, without the runtime's error name. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return parseErrorMessage(message)?.message ?? message.replace(ERROR_NAME, '');
}

/** The stable code Sheet Plan puts first in an error's message (`CONFLICT: …`), if any. */
export function errorCode(error: unknown): PlanErrorCode | undefined {
  return planErrorCode(error);
}

/**
 * Whether the call was refused for the sidebar's session (NEEDS_PERSON, naming the session: refused, expired, or of
 * another spreadsheet). Other NEEDS_PERSON refusals, as a person's sheet in the place of one of Sheet Plan's, are the
 * person's to act on: shown, and the sidebar stays open.
 */
export function sessionRefused(error: unknown): boolean {
  return errorCode(error) === 'NEEDS_PERSON' && namesTheSession(errorMessage(error));
}

/** Whether a NEEDS_PERSON refusal's words are about the sidebar's session (the server's three such texts are). */
export function namesTheSession(detail: string): boolean {
  return /session/i.test(detail);
}
