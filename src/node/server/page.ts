/**
 * The pages of the local emulator:
 *  - GET /          a stand-in for the Google Sheets window (page-parts/sheet-window.ts)
 *  - GET /sidebar   the sidebar exactly as Google would show it: the real showPlanSidebar runs in a
 *                   'ui' execution, and what it passed to showSidebar is served, with Google's
 *                   google.script.run and google.script.host stood in for by page-parts/script-run-shim.ts.
 *  - the window's menu, tabs and selection (./window-api).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bundleFunctionNames, type EmulatedSpreadsheet, type ExecutionPool } from '../emulator';
import { injectShim } from './page-parts/script-run-shim';
import { escapeHtml } from '../../core/text';
import { sheetWindowPage } from './page-parts/sheet-window';
import type { HttpAnswer } from './scripts-run';
import { documentMenus, editSheetCell, runMenuItem, windowState } from './window-api';
import { PLAN_LOCATION } from '../../apps-script/plan-location';

export interface PageOptions {
  distDir: string;
  spreadsheet: EmulatedSpreadsheet;
  pool: ExecutionPool;
  /** The server's secret: its pages carry it, so their calls may run the script (local-only.ts). */
  secret: string;
  /** Called after opening the sidebar changed the spreadsheet (its token went into the user cache). */
  persist?: () => void;
}

interface PageAnswer {
  status: number;
  contentType: string;
  text: string;
}

const HTML = 'text/html; charset=utf-8';

function errorPage(status: number, heading: string, detail: string): PageAnswer {
  return {
    status,
    contentType: HTML,
    text:
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>` +
      `<body style="font: 13px Roboto, Arial, sans-serif; padding: 16px; color: #a50e0e"><h1 style="font-size: ` +
      `15px">${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p></body></html>`,
  };
}

/** Agent Plan → Open plan: runs showPlanSidebar and serves the sidebar it showed. */
export async function openSidebar(options: PageOptions): Promise<PageAnswer> {
  const { spreadsheet, distDir } = options;
  if (!existsSync(path.join(distDir, 'Code.js')))
    return errorPage(503, 'Not built', `${distDir}/Code.js is missing: run npm run build.`);
  // Its Sidebar.html is the one beside Code.js in distDir, as in the pushed project.
  const outcome = await options.pool.run(spreadsheet, distDir, 'showPlanSidebar', [], { context: 'ui' });
  options.persist?.();
  if ('error' in outcome) return errorPage(500, 'showPlanSidebar failed', outcome.error.message);
  const shown = outcome.execution.ui.sidebars.at(-1);
  if (!shown) return errorPage(500, 'No sidebar', 'showPlanSidebar returned without showing a sidebar.');
  const text = injectShim(shown.content, {
    functionNames: bundleFunctionNames(distDir),
    title: shown.title,
    width: shown.width,
    secret: options.secret,
  });
  return { status: 200, contentType: HTML, text };
}

/** A request's JSON body, or undefined when it is not JSON (the route then says what it expected). */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export function pageRoutes(options: PageOptions) {
  return async (request: { method?: string }, url: URL, body: string): Promise<PageAnswer | HttpAnswer | null> => {
    if (url.pathname === '/') {
      const planSheet = options.spreadsheet.sheetNamed(PLAN_LOCATION.sheet);
      const hidden = planSheet ? [...planSheet.hiddenColumns] : [];
      return {
        status: 200,
        contentType: HTML,
        text: sheetWindowPage(options.spreadsheet.name, options.secret, hidden),
      };
    }
    if (url.pathname === '/sidebar') return openSidebar(options);
    if (url.pathname === '/api/window' && request.method === 'GET')
      return { status: 200, body: windowState(options.spreadsheet, PLAN_LOCATION.sheet) };
    if (url.pathname === '/api/window/cell' && request.method === 'PUT')
      return editSheetCell(options, PLAN_LOCATION.sheet, parseBody(body));
    if (url.pathname === '/api/menu' && request.method === 'GET')
      return { status: 200, body: await documentMenus(options) };
    if (url.pathname === '/api/menu/run' && request.method === 'POST') {
      return runMenuItem(options, parseBody(body));
    }
    return null;
  };
}
