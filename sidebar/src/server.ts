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

/** The server functions that take the token first (showPlanSidebar is the menu's). */
type Callable = Exclude<
  {
    [Name in keyof typeof SidebarFunctions]: (typeof SidebarFunctions)[Name] extends (
      token: unknown,
      ...rest: never[]
    ) => unknown
      ? Name
      : never;
  }[keyof typeof SidebarFunctions],
  'showPlanSidebar'
>;
type Rest<F> = F extends (token: unknown, ...rest: infer R) => unknown ? R : never;

export type Server = <Name extends Callable>(
  name: Name,
  ...args: Rest<(typeof SidebarFunctions)[Name]>
) => Promise<ReturnType<(typeof SidebarFunctions)[Name]>>;

export function readSession(): SidebarSession | null {
  const session = window[SESSION_GLOBAL];
  return session && typeof session.token === 'string' ? session : null;
}

export function connect(session: SidebarSession): Server {
  return (name, ...args) =>
    new Promise((resolve, reject) => {
      const run = window.google?.script?.run;
      if (!run) {
        reject(new Error('google.script.run is not available: this page works only as the Agent Plan sidebar'));
        return;
      }
      run
        .withSuccessHandler((value) => resolve(value as never))
        .withFailureHandler((error) => reject(error instanceof Error ? error : new Error(String(error))))
        [name](session.token, ...args);
    });
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
