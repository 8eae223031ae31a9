/**
 * Agents as real MCP clients come: a person opens the sidebar and connects agents (each gets a key), and each agent
 * calls tools through the web app's doPost with its key. Shared by the claims and guard tests.
 */
import { runWebApp, type EmulatedSpreadsheet } from '../../src/node/emulator';
import { DIST, callAsPerson, execute, openSidebar } from './harness';

/** 14:00 on 2026-11-26 in the spreadsheet's time zone (the emulator's default, New York: UTC-5), plus `minutes`. */
export const at = (minutes: number) => () => new Date(Date.UTC(2026, 10, 26, 19, minutes));

/** The web app deployed and opened once (it knows its address), and the sidebar opened: the person's token. */
export function deployed(spreadsheet: EmulatedSpreadsheet): { spreadsheet: EmulatedSpreadsheet; token: string } {
  spreadsheet.webAppUrl = 'https://script.google.com/macros/s/AKfy-deployment/exec';
  const { error } = execute(spreadsheet, 'doGet', [{}]);
  if (error) throw error;
  return { spreadsheet, token: openSidebar(spreadsheet) };
}

/** A key the person made in the sidebar for an agent named `name`. */
export function connectAgent(spreadsheet: EmulatedSpreadsheet, token: string, name: string): string {
  return callAsPerson(spreadsheet, token, 'sidebarConnectAgent', name).key as string;
}

/** One MCP tool call through doPost with the agent's key; answers the tool's text, or throws the tool's error. */
export function tool(
  spreadsheet: EmulatedSpreadsheet,
  key: string,
  name: string,
  args: Record<string, unknown>,
  now = at(0),
): string {
  const answer = runWebApp(
    spreadsheet,
    DIST,
    {
      method: 'POST',
      queryString: `key=${encodeURIComponent(key)}`,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      contentType: 'application/json',
    },
    { now },
  );
  const { result } = JSON.parse(answer.content) as { result: { isError?: boolean; content: Array<{ text: string }> } };
  if (result.isError) throw new Error(result.content[0].text);
  return result.content[0].text;
}

/** The message `work` is refused with; fails the test when it is not refused. */
export function refused(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the call to be refused');
}
