/**
 * Every function Apps Script can reach, by name: exactly the functions of the API descriptor
 * (src/core/api-functions.ts), which the compiler checks here. The build writes one top-level function
 * declaration per descriptor entry into dist/Code.js, calling `call` below with its name (menus, triggers,
 * google.script.run and scripts.run see only those); nothing else in the bundle is global.
 *
 * Apps Script evaluates the whole bundle at the start of every execution, and an execution calls one entry point: each
 * is composed when it is first called, not all of them at load.
 */
import type { AgentFunctionName, FunctionName } from '../core/api-functions';
import { agentFunction, isAgentFunction } from './api';
import { recordPlanEdit } from './cell-edit';
import { checkingPersonArguments } from './checked-arguments';
import { sendWaitingMail } from './mail-trigger';
import * as menu from './menu';
import * as sidebar from './sidebar';
import { doGet, doPost } from './web-app';

type EntryPoint = (...args: unknown[]) => unknown;

const triggers = {
  onOpen(event?: GoogleAppsScript.Events.SheetsOnOpen): void {
    menu.buildMenu();
    menu.rememberOnOpen(event);
  },
  /** A person's edit of the plan cell becomes a revision (see src/apps-script/cell-edit.ts). */
  onEdit(event?: GoogleAppsScript.Events.SheetsOnEdit): void {
    recordPlanEdit(event);
  },
  onInstall(_event?: GoogleAppsScript.Events.AddonOnInstall): void {
    menu.buildMenu();
  },
  /** The time-driven trigger that sends an e-mail held back by the 10-minute window (./mail-trigger.ts). */
  sendWaitingMail,
};

const webApp = { doGet, doPost };

/** Every descriptor function is implemented by one of these: the compiler names any that is not. */
type Unimplemented<Name extends never> = Name;
type _EveryFunctionImplemented = Unimplemented<
  Exclude<
    FunctionName,
    AgentFunctionName | keyof typeof sidebar | keyof typeof menu | keyof typeof triggers | keyof typeof webApp
  >
>;

/** The function `name` of `table`, if it has one of its own. */
function own(table: object, name: string): EntryPoint | undefined {
  const entry = Object.prototype.hasOwnProperty.call(table, name)
    ? (table as Record<string, unknown>)[name]
    : undefined;
  return typeof entry === 'function' ? (entry as EntryPoint) : undefined;
}

/**
 * How each entry point is composed: an agent's checks its arguments and takes request options (./api.ts); the
 * sidebar's check their arguments against the descriptor, after the person token of those that take one
 * (./checked-arguments.ts), as the agents' do; the menu's and the sidebar's modules export their entry points beside
 * helpers, of which only descriptor names are ever called. Undefined for a name nothing implements.
 */
export function entryPoint(name: string): EntryPoint | undefined {
  const webAppFunction = own(webApp, name);
  if (webAppFunction) return webAppFunction;
  if (isAgentFunction(name)) return agentFunction(name);
  const sidebarFunction = own(sidebar, name);
  if (sidebarFunction) return checkingPersonArguments(name, sidebarFunction, sidebar.asCheckedPerson);
  return own(menu, name) ?? own(triggers, name);
}

const composed = new Map<string, EntryPoint>();

/** Runs the entry point `name`, composed once per execution (the bundle's top-level declarations call this). */
export function call(name: FunctionName, args: unknown[]): unknown {
  let implementation = composed.get(name);
  if (!implementation) {
    implementation = entryPoint(name);
    if (!implementation) throw new Error(`${name} has no implementation in src/apps-script/main.ts`);
    composed.set(name, implementation);
  }
  return implementation(...args);
}
