/**
 * Agents as real clients come: through the web app's doPost, with a key a person made in the sidebar (Connect an
 * agent), calling MCP tools in JSON-RPC. A test plays the agent's sequence with these, on the built bundle.
 */
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { callAsPerson, execute, openSidebar, type CallOptions } from './harness';

export const WEB_APP = 'https://script.google.com/macros/s/AKfy-deployment/exec';

/** The sheet deployed as a web app and opened once at its address, so that the person can connect agents. */
export function deployed(spreadsheet: EmulatedSpreadsheet): { spreadsheet: EmulatedSpreadsheet; token: string } {
  spreadsheet.webAppUrl = WEB_APP;
  const { error } = execute(spreadsheet, 'doGet', [{}], { context: 'webapp' });
  if (error) throw error;
  return { spreadsheet, token: openSidebar(spreadsheet) };
}

/** The person connects an agent named `name` in the sidebar: its id and key. */
export function connectAgent(spreadsheet: EmulatedSpreadsheet, token: string, name: string) {
  const connected = callAsPerson(spreadsheet, token, 'sidebarConnectAgent', name);
  return { id: connected.agent.id as string, key: connected.key as string, name };
}

export interface ToolAnswer {
  id: number;
  text: string;
  isError: boolean;
  /** The tool's answer as structured content (none for an error). */
  structuredContent?: Record<string, unknown>;
  /** A JSON-RPC error (a refused key), when there was no tool result. */
  error?: { code: number; message: string };
}

/** POSTs a JSON-RPC batch of tool calls with `key`; the answers in order. */
export function postBatch(
  spreadsheet: EmulatedSpreadsheet,
  key: string,
  calls: Array<[name: string, args: Record<string, unknown>]>,
  options: CallOptions = {},
): ToolAnswer[] {
  const body = calls.map(([name, args], index) => ({
    jsonrpc: '2.0',
    id: index + 1,
    method: 'tools/call',
    params: { name, arguments: args },
  }));
  const event = {
    parameter: { key },
    postData: { contents: JSON.stringify(body), type: 'application/json' },
  };
  const { result, error } = execute(spreadsheet, 'doPost', [event], { ...options, context: 'webapp' });
  if (error) throw error;
  const answers = JSON.parse((result as { content: string }).content) as Array<{
    id: number;
    result?: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: Record<string, unknown> };
    error?: { code: number; message: string };
  }>;
  return answers.map((answer) => ({
    id: answer.id,
    text: answer.result?.content[0]?.text ?? answer.error?.message ?? '',
    isError: Boolean(answer.result?.isError) || answer.error !== undefined,
    ...(answer.result?.structuredContent ? { structuredContent: answer.result.structuredContent } : {}),
    ...(answer.error ? { error: answer.error } : {}),
  }));
}

/** One tool call with `key`: the tool's text, or a thrown error with the tool's (or the refusal's) message. */
export function tool(
  spreadsheet: EmulatedSpreadsheet,
  key: string,
  name: string,
  args: Record<string, unknown> = {},
  options: CallOptions = {},
): string {
  const [answer] = postBatch(spreadsheet, key, [[name, args]], options);
  if (answer.isError) throw new Error(answer.text);
  return answer.text;
}

/** One tool call with `key`: its structured answer, or a thrown error with the tool's (or the refusal's) message. */
export function answer(
  spreadsheet: EmulatedSpreadsheet,
  key: string,
  name: string,
  args: Record<string, unknown> = {},
  options: CallOptions = {},
): Record<string, any> {
  const [result] = postBatch(spreadsheet, key, [[name, args]], options);
  if (result.isError) throw new Error(result.text);
  return result.structuredContent!;
}

/** The message of the error `work` throws; fails the test when it does not throw. */
export function refused(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the call to be refused');
}
