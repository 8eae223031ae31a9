/**
 * What the sidebar page and its server functions (src/apps-script/sidebar.ts) agree on. Nothing
 * here touches a platform: this file is bundled into dist/Code.js, the page and the local server.
 */
import type { ChangeSource } from '../../src/core/write-path/revision';
import type { CheckResult } from '../../src/core/rules/done-checks';
import type { WriteLogEntry } from '../../src/core/sheet/sheet-results';

/** The global the server's `<script>` (pageWithSession) sets before the page starts. */
export const SESSION_GLOBAL = '__SHEET_PLAN_SESSION__';

export interface SidebarSession {
  /** Proof that a person opened this sidebar: every server function asks for it. */
  token: string;
  /** The plan when the sidebar opened (sidebarLoad's answer), so the page draws it without a call first. */
  view?: PlanView;
}

/** The plan as the sidebar needs it: the Markdown (the page parses it with the core) and its revision. */
export interface PlanView {
  /** The plan's Markdown; '' when the cell holds no plan. */
  markdown: string;
  /** What replacePlan's baseRevision must be. */
  revision: number;
  changedBy: ChangeSource;
  changedAt?: string;
  /**
   * Changes whenever the cell's text does. The revision alone would not: two edits typed into the
   * cell in a row both read as "one revision after Sheet Plan's last write".
   */
  stamp: string;
  /** The agent's writes and reads outside the plan's ranges, newest first; absent when the answer did not read them. */
  writes?: WriteLogEntry[];
  /** Changes whenever the write log does: sidebarCheck's second argument. */
  writeMark?: string;
  /**
   * The spreadsheet's time zone (IANA, `America/New_York`), sent by sidebarLoad only: the plan's wall-clock times
   * (a claim's `until 2026-11-28 06:54`) are in it.
   */
  timeZone?: string;
  /** Each task's last check result before completing it, by step; absent when the answer did not read them. */
  checkResults?: Record<string, CheckResult>;
  /**
   * The person asked to approve plans before an agent starts work (a new sheet's default): a plan without a Status
   * line then waits for their approval too. Absent when they did not.
   */
  approvalRequired?: true;
}

/** A finished plan from the archive (sidebarArchivedPlan): its place in the archive and its Markdown. */
export interface ArchivedPlanView {
  id: number;
  finishedAt: string;
  title: string;
  summary: string;
  tasks: number;
  markdown: string;
}

/** The plan as the person last approved it (sidebarApprovedPlan): the approval box shows what changed since. */
export interface ApprovedPlanView {
  /** The revision the approval wrote. */
  revision: number;
  /** When the person approved it (ISO); '' when not known. */
  approvedAt: string;
  markdown: string;
}

/** A connected agent as the Connect panel shows it (sidebarListAgents): never its key or its key's hash. */
export interface AgentSummary {
  id: string;
  /** The name the person gave it ("Claude on my laptop"); its changes are recorded under it. */
  name: string;
  /** ISO time the person created its key. */
  created: string;
  /** ISO time of the key's last use (recorded at most once a minute), or null if never used. */
  lastUsed: string | null;
}

/** The Connect panel's list, with the web app's URL (null until deployed: `npm run deploy`). */
export interface AgentsView {
  agents: AgentSummary[];
  webAppUrl: string | null;
  /** The MCP relay's origin from the sheet's settings; '' until the person enters one. */
  relayUrl: string;
  /** Why an agent cannot connect yet and what to do, when it cannot; absent when it can. */
  notReady?: string;
}

/** sidebarConnectAgent's answer: the new agent's key and URL, shown once and never again. */
export interface ConnectedAgentView extends AgentsView {
  agent: AgentSummary;
  key: string;
  /** The web app's URL with `?key=…`: what the person pastes into their agent's MCP settings. */
  url: string;
}

/** JSON that is safe inside a `<script>` element: nothing in it can end the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The `<script>` the server puts into the sidebar's page (pageWithSession): it hands the page its session. */
export function sessionScript(session: SidebarSession): string {
  return `<script>window.${SESSION_GLOBAL} = ${scriptJson(session)};</script>`;
}

/** Where the built page (sidebar/build.mjs) holds the sidebar, once (test/sidebar/protocol.test.ts). */
export const APP_ROOT = '<div id="app"></div>';

/**
 * The sidebar page with its session: the session script just after the root, before the page's own script, so that
 * the page starts as soon as its script has run instead of waiting for the rest of the document.
 */
export function pageWithSession(page: string, session: SidebarSession): string {
  return page.replace(APP_ROOT, () => APP_ROOT + sessionScript(session));
}

/** The session in a sidebar page, as sessionScript wrote it (for tools and tests that read the page); null if none. */
export function sessionFromPage(html: string): SidebarSession | null {
  const opening = `<script>window.${SESSION_GLOBAL} = `;
  const start = html.indexOf(opening);
  const end = start < 0 ? -1 : html.indexOf(';</script>', start);
  return end < 0 ? null : (JSON.parse(html.slice(start + opening.length, end)) as SidebarSession);
}
