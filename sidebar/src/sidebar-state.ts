/**
 * What the sidebar shows, as one state the controller replaces whole on each change (./controller.ts): the plan, what
 * is in flight, the error, the editor, the panel; and how a change's source is named to the person.
 */
import type { CheckResult } from '../../src/core/rules/done-checks';
import type { HistoryEntry } from '../../src/core/write-path/results';
import { agentNameOf } from '../../src/core/write-path/revision';
import { SOURCE_WORDS } from '../../src/core/person/source-words';
import type { PlanSettings } from '../../src/core/person/settings';
import type { WriteLogEntry } from '../../src/core/sheet/sheet-results';
import type { ArchiveEntry } from '../../src/core/write-path/store';
import type { ShownError } from './error-words';
import type { AgentsView, ArchivedPlanView, ConnectedAgentView, PlanView } from './protocol';

export interface EditorState {
  /** Changes when the editor's text is replaced (opened, or reloaded after a conflict). */
  key: number;
  /** The text the editor was loaded with, and the revision it belongs to. */
  baseText: string;
  baseRevision: number;
  baseStamp: string;
  saving: boolean;
  /** Set when a save was refused because the plan had changed: what the person had typed. */
  refusedText?: string;
  /** The line (1-based) to select when the editor opens: a problem the person chose to fix. */
  selectLine?: number;
}

export interface SidebarState {
  /** The plan as the server last reported it; null until the first load answers. */
  view: PlanView | null;
  /** What the sidebar shows: the server's plan, or an optimistic change on top of it. */
  markdown: string;
  /** What is in flight ("Approving 2.3"); the controls wait while it is set. */
  busy: string | null;
  error: ShownError | null;
  /** The sidebar's session is gone and could not be renewed: every call would be refused, so nothing is offered. */
  sessionEnded: boolean;
  /** What the person typed for a change that could not be sent because the session ended: kept to copy. */
  unsentText?: string;
  /** Text the person typed for an item that changed or went away before they sent it: kept to copy, never lost. */
  keptTexts: KeptText[];
  /** A short line for the status bar (also read out by screen readers). */
  notice: string;
  editor: EditorState | null;
  /** The agent's writes (and reads outside the plan's ranges), newest first, as the server last reported them. */
  writes: WriteLogEntry[];
  /** Each task's last check result, by step, as the server last reported them. */
  checkResults: Record<string, CheckResult>;
  /** The spreadsheet's time zone as sidebarLoad reported it ('' until then): the plan's wall-clock times are in it. */
  sheetTimeZone: string;
  /** A panel shown instead of the plan (history, archive, settings): null while closed. */
  panel: Panel | null;
}

/** Unsent text of a form that closed because its item changed (`about`: `task 4.1 "Check totals"`). */
export interface KeptText {
  about: string;
  text: string;
}

/** What a panel shows once its one call has answered (null while it loads). */
export type Panel =
  | { kind: 'history'; entries: HistoryEntry[] | null }
  | { kind: 'archive'; entries: ArchiveEntry[] | null; shown: ArchivedPlanView | null }
  | { kind: 'settings'; values: PlanSettings | null }
  /** Connect an agent: the agents (null while loading) and a key just made, shown until the person is done with it. */
  | { kind: 'agents'; view: AgentsView | null; connected: ConnectedAgentView | null };

/** The state before the first load answers. */
export function initialState(): SidebarState {
  return {
    view: null,
    markdown: '',
    busy: null,
    error: null,
    sessionEnded: false,
    notice: 'Loading the plan…',
    editor: null,
    panel: null,
    writes: [],
    checkResults: {},
    sheetTimeZone: '',
    keptTexts: [],
  };
}

/** Whether an agent made the change (`api`, or one named), not the person (the sidebar, the menu, the cell). */
export function changedByAgent(source: string): boolean {
  return source === 'api' || agentNameOf(source) !== null;
}

/** Who made a change, in the person's words: an agent by its name, `the sidebar`, `an edit in the cell`. */
export function describeSource(source: string): string {
  return agentNameOf(source) ?? SOURCE_WORDS[source] ?? source;
}
