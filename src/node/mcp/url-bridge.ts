/**
 * `sheet-plan mcp --url <web app URL>`: a stdio MCP server that forwards every message to Sheet Plan's web app
 * (doPost, MCP over HTTP in the sheet) and its answers back, for clients that speak only stdio or whose HTTP transport
 * will not follow Google's redirect. Nothing is interpreted here: the web app answers everything, errors included.
 *
 * Google's redirect, request ids and the one retry of a lost answer are src/web/forwarding.ts's, shared with the
 * relay.
 */
import { postToWebApp, withoutKey, withRequestIds } from '../../web/forwarding';
import { serveLines } from './stdio-lines';

type Message = Record<string, unknown>;
const isRecord = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The line's requests answered with an error, as the web app would: a batch gets an array ('' for notifications). */
function errorAnswers(line: string, message: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message } });
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const answers = messages.flatMap((item) =>
    isRecord(item) && 'method' in item && (typeof item.id === 'string' || typeof item.id === 'number')
      ? [{ jsonrpc: '2.0', id: item.id, error: { code: -32603, message } }]
      : [],
  );
  if (answers.length === 0) return '';
  return JSON.stringify(Array.isArray(parsed) ? answers : answers[0]);
}

/** The bridge's answer to one line from the MCP client. */
export async function forwardLine(
  url: string,
  line: string,
  log: (line: string) => void,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  try {
    return await postToWebApp(url, withRequestIds(line), fetchImpl);
  } catch (error) {
    const reason = `Sheet Plan's web app at ${withoutKey(url)} could not be reached: ${(error as Error).message}`;
    log(reason);
    return errorAnswers(line, reason);
  }
}

/** Serves stdin/stdout until the client closes, forwarding each message to `url`. */
export async function bridgeStdioToUrl(url: string, log: (line: string) => void): Promise<void> {
  await serveLines((line) => forwardLine(url, line, log));
}
