/**
 * The web app: Sheet Plan's MCP server in the sheet. An agent's MCP client POSTs JSON-RPC to the deployment's URL
 * with `?key=…` (the key a person made in the sidebar); doPost answers MCP over Streamable HTTP, stateless and in
 * JSON only (src/core/mcp/protocol.ts). Google gives the script no request headers and serves every answer with
 * status 200 after a redirect, so the key travels in the URL and every error is in the JSON-RPC answer: a missing,
 * wrong or revoked key refuses every request and runs nothing.
 *
 * Each tool call runs the plan API (./api.ts) in this execution, as the key's agent: what it changes is recorded under
 * the agent's name. The tools come from the API descriptor, written in by scripts/build.mjs (the stdio server serves
 * the same list); the instructions are the stdio server's too. Both are read only by the request that answers them
 * (./rare-texts.ts).
 */
import { answerMcpBody, type McpEndpoint } from '../core/mcp/protocol';
import type { ApiCall } from '../core/mcp/tool-calls';
import { agentFunction } from './api';
import { argumentRulesOf, mcpRoutes } from './descriptor-tables';
import { PLAN_CELL_REFERENCE } from './plan-location';
import { rareTexts } from './rare-texts';
import { keyCheckPerCall, runAsWebAgent, type WebAgent } from './web-agent';
import { rememberWebAppUrl } from './web-app-url';

declare const SHEET_PLAN_VERSION: string;

/** The event Apps Script passes doGet and doPost (https://developers.google.com/apps-script/guides/web). */
export interface WebAppEvent {
  parameter?: Record<string, string>;
  postData?: { contents?: string; type?: string };
}

export const SERVER_NAME = 'sheet-plan';

function json(text: string): GoogleAppsScript.Content.TextOutput {
  return ContentService.createTextOutput(text).setMimeType(ContentService.MimeType.JSON);
}

/**
 * POST: one JSON-RPC message or a batch, answered in JSON ('' when only notifications came). The answer's TextOutput
 * is made before any tool runs, so that making it cannot fail after a tool has changed the plan.
 */
export function doPost(event?: WebAppEvent): GoogleAppsScript.Content.TextOutput {
  const output = json('');
  rememberWebAppUrl();
  let agent: WebAgent | null = null;
  const keyCheck = keyCheckPerCall(event?.parameter?.key);
  const routes = mcpRoutes();
  const endpoint: McpEndpoint = {
    serverInfo: { name: SERVER_NAME, version: SHEET_PLAN_VERSION },
    instructions: () => rareTexts().instructions,
    tools: () => rareTexts().tools,
    routes,
    argumentRules: (name) => argumentRulesOf(name) ?? [],
    planCell: PLAN_CELL_REFERENCE,
    refusal: () => {
      agent = keyCheck.agent();
      // A refused key is rare beside the calls of the agents that hold one: its words are in RareTexts.html.
      return agent ? null : rareTexts().refusedKey;
    },
  };
  // Each tool's API calls run here, as the key's agent (asked first, by refusal()).
  const run = (calls: ApiCall[]) =>
    runAsWebAgent(agent!, () => calls.map((call) => agentFunction(call.name)(...call.args)));
  return output.setContent(answerMcpBody(event?.postData?.contents ?? '', endpoint, run));
}

/** GET: what this URL is, for a person who opens it in a browser (MCP clients POST). */
export function doGet(_event?: WebAppEvent): GoogleAppsScript.Content.TextOutput {
  rememberWebAppUrl();
  return json(
    JSON.stringify({
      name: SERVER_NAME,
      version: SHEET_PLAN_VERSION,
      about: rareTexts().about,
    }),
  );
}
