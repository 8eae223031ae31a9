/**
 * Every function Apps Script can reach, by name: exactly the functions of the API descriptor
 * (src/core/api/api-functions.ts), which the compiler checks here. The build writes one top-level function
 * declaration per descriptor entry into dist/Code.js, calling `call` below with its name (menus, triggers,
 * google.script.run and scripts.run see only those); nothing else in the bundle is global.
 *
 * Apps Script evaluates the whole bundle at the start of every execution, and an execution calls one entry point: it is
 * composed when it is called, not all of them at load. For the same reason the table below is a
 * null-prototype literal: V8 builds one as a dictionary in a few µs, where an ordinary literal of dozens of functions,
 * or a module's namespace (`import * as`), costs 40 to 80 µs in the fresh context of each execution.
 */
import type { AgentFunctionName, FunctionName } from '../core/api/api-functions';
import { agentFunction, isAgentFunction } from './api';
import { recordPlanEdit } from './cell-edit';
import { checkingPersonArguments } from './checked-arguments';
import { sendWaitingMail } from './mail-trigger';
import { buildMenu, menuInitializePlan, menuShowNextTask, menuShowReviewItems, rememberOnOpen } from './menu';
// Each sidebar function is named once, in the table below (`sidebar.x` is x itself in the bundle, no namespace object).
import * as sidebar from './sidebar';
import { doGet, doPost } from './web-app';
import { ownValue } from '../core/own-keys';
import { filled } from '../core/text';
import * as rareRefusals from './rare-refusals';

type EntryPoint = (...args: unknown[]) => unknown;

/**
 * Every entry point but the agents' (./api.ts): the triggers, the menu's items, the sidebar's functions and the web
 * app. Those the descriptor gives argument rules (the sidebar's) check them, after the person token of those that take
 * one (./checked-arguments.ts), as the agents' do; the others run as they are.
 */
const otherEntryPoints = {
  __proto__: null,
  onOpen(event?: GoogleAppsScript.Events.SheetsOnOpen): void {
    buildMenu();
    rememberOnOpen(event);
  },
  /** A person's edit of the plan cell becomes a revision (see src/apps-script/cell-edit.ts). */
  onEdit(event?: GoogleAppsScript.Events.SheetsOnEdit): void {
    recordPlanEdit(event);
  },
  onInstall(_event?: GoogleAppsScript.Events.AddonOnInstall): void {
    buildMenu();
  },
  /** The time-driven trigger that sends an e-mail held back by the 10-minute window (./mail-trigger.ts). */
  sendWaitingMail,
  menuInitializePlan,
  menuShowNextTask,
  menuShowReviewItems,
  showPlanSidebar: sidebar.showPlanSidebar,
  sidebarRenewSession: sidebar.sidebarRenewSession,
  sidebarLoad: sidebar.sidebarLoad,
  sidebarCheck: sidebar.sidebarCheck,
  sidebarUndoWrite: sidebar.sidebarUndoWrite,
  sidebarKeepWrites: sidebar.sidebarKeepWrites,
  sidebarTaskAction: sidebar.sidebarTaskAction,
  sidebarAnswerQuestion: sidebar.sidebarAnswerQuestion,
  sidebarReplacePlan: sidebar.sidebarReplacePlan,
  sidebarHistory: sidebar.sidebarHistory,
  sidebarDeferredCode: sidebar.sidebarDeferredCode,
  sidebarRestore: sidebar.sidebarRestore,
  sidebarApprovePlan: sidebar.sidebarApprovePlan,
  sidebarApprovedPlan: sidebar.sidebarApprovedPlan,
  sidebarRequestPlanChanges: sidebar.sidebarRequestPlanChanges,
  sidebarSettings: sidebar.sidebarSettings,
  sidebarSaveSettings: sidebar.sidebarSaveSettings,
  sidebarArchive: sidebar.sidebarArchive,
  sidebarArchivedPlan: sidebar.sidebarArchivedPlan,
  sidebarAddTask: sidebar.sidebarAddTask,
  sidebarAddPhase: sidebar.sidebarAddPhase,
  sidebarRenameTask: sidebar.sidebarRenameTask,
  sidebarMoveTask: sidebar.sidebarMoveTask,
  sidebarRemoveTask: sidebar.sidebarRemoveTask,
  sidebarReleaseClaim: sidebar.sidebarReleaseClaim,
  sidebarAdoptFormat: sidebar.sidebarAdoptFormat,
  sidebarInitPlan: sidebar.sidebarInitPlan,
  sidebarSelectRange: sidebar.sidebarSelectRange,
  sidebarConnectAgent: sidebar.sidebarConnectAgent,
  sidebarListAgents: sidebar.sidebarListAgents,
  sidebarRevokeAgent: sidebar.sidebarRevokeAgent,
  doGet,
  doPost,
};

/**
 * Every descriptor function is an agent function (./api.ts) or in the table above, and nothing else is: the compiler
 * names one missing, or one implemented twice or unknown to the descriptor.
 */
type OtherName = Exclude<keyof typeof otherEntryPoints, '__proto__'>;
type Implemented = AgentFunctionName | OtherName;
type Unimplemented<Name extends never> = Name;
type _EveryFunctionImplemented = Unimplemented<Exclude<FunctionName, Implemented>>;
type _NothingElse = Unimplemented<Exclude<Implemented, FunctionName>>;
type _ImplementedOnce = Unimplemented<AgentFunctionName & OtherName>;

/**
 * The entry point `name` as Apps Script runs it: an agent function checks its arguments and takes request options
 * (./api.ts); a sidebar function checks its arguments and the person. Undefined for a name nothing implements.
 */
export function entryPoint(name: string): EntryPoint | undefined {
  if (isAgentFunction(name)) return agentFunction(name);
  const implementation = ownValue(otherEntryPoints as object as Record<string, EntryPoint>, name);
  return implementation && checkingPersonArguments(name, implementation, sidebar.asCheckedPerson);
}

/** Runs the entry point `name` (the bundle's top-level declarations call this; an execution runs one). */
export function call(name: FunctionName, args: unknown[]): unknown {
  const implementation = entryPoint(name);
  if (!implementation) throw new Error(filled(rareRefusals.noImplementation(), { name }));
  return implementation(...args);
}
