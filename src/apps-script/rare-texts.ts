/**
 * Texts the script needs for one rare kind of request each, kept out of dist/Code.js: Apps Script compiles and
 * evaluates the whole of Code.js at the start of every execution, and these were 8 KB of it (before the rare refusals
 * joined them). They are the MCP instructions (only an `initialize` sends them), the MCP tool list (only `tools/list`;
 * a tool call needs just the tool's route and its function's argument rules, which stay in the bundle:
 * ./descriptor-tables.ts), the starter plan (only initPlan on a sheet without a plan, and finishPlan when the person
 * chose a fresh start, write it), the recovery plan (only initPlan answers it, when it could not set the sheet up),
 * what the web app's URL is (only a GET, a person opening it, answers it), what it answers a refused key, what the
 * sidebar says until the web app has answered once, the refusals of a write when the write log is full or its undo
 * record too large, of a keyless caller that names itself as a connected agent, and the error of an agents' list edited
 * by hand; and the refusals that only a rare request meets, in two modules of a function per text (./rare-refusals.ts:
 * names, sessions, undo, a write of the wrong shape; src/core/rare-words.ts: the core's, as forged claims and reused
 * request ids), for which the bundle has readers of this file.
 *
 * scripts/build.mjs writes them as JSON into a project HTML file beside Code.js, and they are read with
 * HtmlService.createHtmlOutputFromFile(name).getContent(), which gives a project file's text as it stands (Google's
 * "include" pattern, https://developers.google.com/apps-script/guides/html/best-practices#separate_html_css_and_javascript).
 * The readers run in the web app, scripts.run, the sidebar or menu, and the e-mail trigger (sendWaitingMail, an
 * installable trigger with the person's authorization), never in a simple trigger, whose authorization
 * is limited; HtmlService is what Google's guide serves web apps with, and the project already uses it for the
 * sidebar under the manifest's scopes: nothing new is asked of the person. Read at most once per execution (the
 * bundle is evaluated afresh for each).
 */
import { messageOf } from '../core/errors';
import type { McpTool } from '../core/mcp/protocol';
import { recoveryPlan, type PlanTemplates } from '../core/format/compose';

/** The file's name without `.html`: dist/<name>.html (scripts/build.mjs). */
declare const SHEET_PLAN_RARE_TEXTS_FILE: string;
/** The names of the file's list of rare words, digested (scripts/build.mjs): the file and Code.js are one build's. */
declare const SHEET_PLAN_RARE_WORDS_KEY: string;

export interface RareTexts {
  /** What the MCP server's `initialize` answers as its instructions (src/core/mcp/instructions.ts). */
  instructions: string;
  /** The MCP server's tool list, as `tools/list` answers it (src/node/mcp/tools.ts). */
  tools: McpTool[];
  /** The plan initPlan writes to a sheet without one (src/core/format/compose.ts). */
  starterPlan: string;
  /** The plan initPlan answers when it could not set the sheet up, `{error}` standing for the error (RECOVERY_PLAN). */
  recoveryPlan: string;
  /** What doGet says the URL is (./web-app-about.ts). */
  about: string;
  /** What the sidebar says while the deployed web app's address is not known yet (./web-app-url.ts). */
  notSeen: string;
  /** What the sidebar says while the web app is not deployed (./web-app-about.ts). */
  notDeployed: string;
  /** What the web app answers a refused key (./web-app-about.ts). */
  refusedKey: string;
  /** What a write is refused with when the write log is full, `{count}` standing for its writes (./write-log.ts). */
  logFull: string;
  /** What a write is refused with when its undo record would not fit, `{range}` and `{size}` its own. */
  undoTooLarge: string;
  /** What a caller without a key is told when it takes a connected agent's name (./agent-keys.ts). */
  nameTaken: string;
  /** What reading the connected agents says when their script property holds something else (./agent-keys.ts). */
  agentsUnreadable: string;
}

/**
 * The texts as the bundle reads them, and the rare refusals (./rare-refusals.ts, src/core/rare-words.ts) as one list,
 * in the order of their names (`rareWord`).
 */
type ReadTexts = RareTexts & { rareWords: string[]; rareWordsKey: string };

let read: ReadTexts | undefined;

/**
 * The texts. The file holds them as JSON in `<script type="application/json">…</script>`, so that it is a valid HTML
 * file; the JSON has no `<` (the build escapes it), so it ends where the closing tag starts.
 */
export function rareTexts(): ReadTexts {
  if (read) return read;
  let content: string;
  try {
    content = HtmlService.createHtmlOutputFromFile(SHEET_PLAN_RARE_TEXTS_FILE).getContent();
  } catch (error) {
    // The JSON-RPC answer carries only the message, so the cause travels in it (Apps Script's ES2021 has no `cause`).
    // eslint-disable-next-line preserve-caught-error
    throw new Error(
      `Could not read ${SHEET_PLAN_RARE_TEXTS_FILE}.html, which the build puts beside Code.js in dist/ (push all of ` +
        `dist/): ${messageOf(error)}`,
    );
  }
  read = JSON.parse(content.slice(content.indexOf('>') + 1, content.lastIndexOf('<'))) as ReadTexts;
  return read;
}

/**
 * The rare text at `place` in the list of them, which holds them in the order of their names: scripts/build.mjs builds
 * Code.js with a function of each name of ./rare-refusals.ts and src/core/rare-words.ts that reads its text so
 * (`() => rareWord(3)`), shorter than the name it stands for in each place that reads one.
 */
export function rareWord(place: number): string {
  const texts = rareTexts();
  // A file of another build (pushed apart from this Code.js) may hold another word in this place: none is said.
  if (texts.rareWordsKey !== SHEET_PLAN_RARE_WORDS_KEY)
    throw new Error(`${SHEET_PLAN_RARE_TEXTS_FILE}.html is not of this Code.js's build: push all of dist/ together`);
  return texts.rareWords[place];
}

/** The plans the use cases may write or answer (src/core/format/compose.ts's PlanTemplates). */
export const planTemplates: PlanTemplates = {
  starter: () => rareTexts().starterPlan,
  recovery: (error) => recoveryPlan(error, rareTexts().recoveryPlan),
};
