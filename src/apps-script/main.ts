/**
 * Every function Apps Script can reach, by name: exactly the functions of the API descriptor
 * (src/core/api-functions.ts), which the compiler checks here. The build writes one top-level function
 * declaration per descriptor entry into dist/Code.js, calling the implementation below (menus, triggers,
 * google.script.run and scripts.run see only those); nothing else in the bundle is global.
 */
import type { FunctionName } from '../core/api-functions';
import { api } from './api';
import { recordPlanEdit } from './cell-edit';
import { checkingPersonArguments } from './checked-arguments';
import { sendWaitingMail } from './mail-trigger';
import * as menu from './menu';
import * as sidebar from './sidebar';
import { doGet, doPost } from './web-app';

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

/**
 * The menu's and the sidebar's modules export their entry points beside helpers: only descriptor names count. The
 * sidebar's check their arguments against the descriptor first (./checked-arguments.ts), as the agents' do.
 */
export const entryPoints: { [Name in FunctionName]: (...args: never[]) => unknown } = {
  ...triggers,
  ...menu,
  ...checkingPersonArguments(sidebar, sidebar.asCheckedPerson),
  ...api,
  doGet,
  doPost,
};
