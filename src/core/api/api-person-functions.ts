/**
 * The API descriptor's functions for people and Apps Script itself: triggers, the web app, the Agent Plan menu and the
 * sidebar (src/core/api/api-functions.ts merges them with the agents' functions).
 */
import { z } from 'zod/v4';
import { TASK_ACTION_NAMES } from './api-names';
import { argument, returning } from './api-spec';
import {
  addTaskOptions,
  archiveId,
  line,
  event,
  moveTarget,
  phaseArgument,
  revisionNumber,
  seenQuestion,
  seenTask,
  settingsChange,
  stamp,
  step,
  titles,
  token,
} from './api-shapes';
import type { PlanSettings } from '../person/settings';
import type { ArchiveEntry } from '../write-path/store';

const sidebar = { callers: ['person'], changesPlan: true, retrySafe: false } as const;

export const PERSON_FUNCTIONS = {
  // ---- triggers ----
  onOpen: returning<void>()({
    callers: ['trigger'],
    changesPlan: false,
    retrySafe: true,
    description: 'Adds the Agent Plan menu, nothing else (safe in AuthMode.NONE).',
    args: [event],
  }),
  onInstall: returning<void>()({
    callers: ['trigger'],
    changesPlan: false,
    retrySafe: true,
    description: 'Adds the menu when the add-on is installed.',
    args: [event],
  }),
  onEdit: returning<void>()({
    callers: ['trigger'],
    changesPlan: true,
    retrySafe: true,
    description: "Records a person's edit of the plan cell as a revision.",
    args: [event],
  }),
  sendWaitingMail: returning<void>()({
    callers: ['trigger'],
    changesPlan: false,
    retrySafe: true,
    description: 'A one-off time-driven trigger: sends the e-mail the 10-minute window held back, if it still waits.',
    args: [event],
  }),

  // ---- the web app: MCP over HTTP (src/apps-script/web-app.ts) ----
  doPost: returning<unknown>()({
    callers: ['web'],
    changesPlan: true,
    writesSheet: true,
    retrySafe: false,
    description:
      'MCP over Streamable HTTP (JSON-RPC, JSON answers): the plan tools, as the agent whose key the URL holds.',
    args: [argument('event', z.unknown(), 'the request event Apps Script passes a web app')],
  }),
  doGet: returning<unknown>()({
    callers: ['web'],
    changesPlan: false,
    retrySafe: true,
    description: 'Says what the URL is (an MCP endpoint to POST to), for a person who opens it.',
    args: [argument('event', z.unknown(), 'the request event Apps Script passes a web app')],
  }),

  // ---- the Agent Plan menu ----
  showPlanSidebar: returning<void>()({
    callers: ['menu'],
    changesPlan: false,
    retrySafe: true,
    description: 'Opens the sidebar with a fresh person token.',
    args: [],
  }),
  menuInitializePlan: returning<void>()({
    callers: ['menu'],
    changesPlan: true,
    retrySafe: true,
    description: 'initPlan for a person, with an alert saying what happened.',
    args: [],
  }),
  menuShowNextTask: returning<void>()({
    callers: ['menu'],
    changesPlan: false,
    retrySafe: true,
    description: 'Shows the next task in an alert.',
    args: [],
  }),
  menuShowReviewItems: returning<void>()({
    callers: ['menu'],
    changesPlan: false,
    retrySafe: true,
    description: 'Lists the review items in an alert.',
    args: [],
  }),

  // ---- the sidebar (google.script.run; each refuses a call without the person token) ----
  sidebarLoad: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The plan when the sidebar opens.',
    args: [token],
  }),
  sidebarCheck: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The change check the sidebar polls: null while the plan and the write log are unchanged.',
    args: [token, argument('stamp', z.string()), argument('writeMark', z.string().optional())],
  }),
  sidebarTaskAction: returning<unknown>()({
    ...sidebar,
    description: 'Any task action, approve and requestChanges included.',
    args: [
      token,
      argument('action', z.enum(TASK_ACTION_NAMES)),
      step,
      argument('text', line().nullable().optional()),
      seenTask,
    ],
  }),
  sidebarAnswerQuestion: returning<unknown>()({
    ...sidebar,
    description: 'Sets or replaces the answer to a question.',
    args: [token, argument('number', z.number().int().min(1)), argument('answer', line()), seenQuestion],
  }),
  sidebarReplacePlan: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Saves the whole document, only if it is still what the editor loaded.',
    args: [
      token,
      argument('markdown', z.string()),
      argument('baseRevision', revisionNumber),
      argument('baseStamp', stamp().optional()),
    ],
  }),
  sidebarAdoptFormat: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'adoptFormat for the button the sidebar shows when the plan is not in the canonical format.',
    args: [token],
  }),
  sidebarInitPlan: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: "initPlan for the sidebar's Initialize plan button.",
    args: [token],
  }),
  sidebarDeferredCode: returning<string>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description:
      'The code of the panels a person opens now and then (History, Finished plans, Settings, Connect an agent): the ' +
      'sidebar loads it when one first opens, so that the page it opens with stays small.',
    args: [token],
  }),
  sidebarHistory: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The saved versions of the plan, newest first, with their text.',
    args: [token],
  }),
  sidebarRestore: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Puts a saved version back.',
    args: [token, argument('revision', revisionNumber)],
  }),
  sidebarApprovePlan: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Approves the plan the person saw (its stamp; CONFLICT if it changed since), with a comment if any.',
    args: [token, argument('stamp', stamp()), argument('comment', line().nullable().optional())],
  }),
  sidebarApprovedPlan: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The plan as the person last approved it, for the approval box to show what changed since.',
    args: [token],
  }),
  sidebarRequestPlanChanges: returning<unknown>()({
    ...sidebar,
    description: 'Sends the plan back to the agent: Status: draft with the comment, which the agent reads.',
    args: [token, argument('comment', line())],
  }),
  sidebarSettings: returning<PlanSettings>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description:
      'The sheet settings: approval before the agent starts, what finishing leaves in the cell, e-mails to the person.',
    args: [token],
  }),
  sidebarSaveSettings: returning<PlanSettings>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description:
      'Changes settings ({ approvalRequired: true }, { afterFinish: "starter" }, ' +
      '{ mailWhenWaiting: true, mailTo: [] }); answers them all.',
    args: [token, argument('change', settingsChange)],
  }),
  sidebarArchive: returning<ArchiveEntry[]>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'The finished plans, newest first.',
    args: [token],
  }),
  sidebarArchivedPlan: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'One finished plan with its Markdown.',
    args: [token, argument('id', archiveId)],
  }),
  sidebarAddTask: returning<unknown>()({
    ...sidebar,
    description: 'Adds a task at the end of a phase, or { after: step } / { under: step }.',
    args: [
      token,
      argument('phase', phaseArgument),
      argument('title', line()),
      argument('options', addTaskOptions.nullable().optional()),
    ],
  }),
  sidebarAddPhase: returning<unknown>()({
    ...sidebar,
    description: 'Adds a phase of tasks after the last phase, or after phase `after`.',
    args: [
      token,
      argument('name', line()),
      argument('steps', titles()),
      argument('after', phaseArgument.nullable().optional()),
    ],
  }),
  sidebarRenameTask: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: 'Gives a task another title.',
    args: [token, step, argument('title', line()), seenTask],
  }),
  sidebarMoveTask: returning<unknown>()({
    ...sidebar,
    description: 'Moves a task right after a step, or first in a phase (a number).',
    args: [token, step, argument('after', moveTarget), seenTask],
  }),
  sidebarRemoveTask: returning<unknown>()({
    ...sidebar,
    description: 'Removes a task (any status, for a person) with its sub-steps; the plan before goes to the history.',
    args: [token, step, seenTask],
  }),
  sidebarReleaseClaim: returning<unknown>()({
    ...sidebar,
    retrySafe: true,
    description: "Releases an agent's claim on a task: its Working line goes, and any agent may take the task.",
    args: [token, step, seenTask],
  }),
  sidebarSelectRange: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: "Selects a range in the person's sheet (a range link).",
    args: [token, argument('reference', z.string())],
  }),
  sidebarUndoWrite: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    writesSheet: true,
    retrySafe: true,
    description: "Undoes an agent's write, only if its cells still hold what it wrote.",
    args: [token, argument('id', z.string())],
  }),
  sidebarKeepWrites: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    writesSheet: true,
    retrySafe: false,
    description:
      'Keeps every write that can still be undone (as many as the person saw): no longer undoable, they make room.',
    args: [token, argument('count', z.number().int().min(1))],
  }),
  sidebarConnectAgent: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    description: "Connects an agent: a new key (kept only as a hash) and the agent's URL, shown once.",
    args: [token, argument('name', z.string().meta({ format: 'agentName' }))],
  }),
  sidebarListAgents: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: "The connected agents (name, created, last use; never a key) and the web app's URL.",
    args: [token],
  }),
  sidebarRevokeAgent: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: "Revokes an agent's key: its next call is refused.",
    args: [token, argument('id', z.string())],
  }),
  sidebarRenewSession: returning<unknown>()({
    ...sidebar,
    changesPlan: false,
    retrySafe: true,
    description: 'A fresh person token for an open sidebar whose token the cache dropped; only where getUi() works.',
    args: [],
  }),
};
