/**
 * MCP over Streamable HTTP as the relay speaks it (https://modelcontextprotocol.io/specification/2025-06-18/basic/
 * transports#streamable-http): stateless, JSON answers only, no session id. POST carries JSON-RPC to the web app;
 * GET, the optional event stream, is 405 as the spec allows a server that offers none (so clients stop asking);
 * HEAD answers 200 empty, for clients that probe; OPTIONS answers browsers' CORS preflight. Nothing is redirected to
 * the client: Google's redirect is followed here (src/web/forwarding.ts).
 */
import { PROTOCOL_VERSIONS } from '../../src/core/mcp/protocol';
import { postToWebApp, WebAppError, withRequestIds } from '../../src/web/forwarding';

/** CORS for browser clients (the MCP Inspector, web connectors): any origin, as the key or token is the credential. */
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, HEAD, OPTIONS, DELETE',
  'access-control-allow-headers':
    'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id',
  'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version, www-authenticate',
  'access-control-max-age': '86400',
};

const ALLOWED = 'POST, HEAD, OPTIONS';

export function plainAnswer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...CORS_HEADERS, ...headers },
  });
}

export function jsonAnswer(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'application/json', ...CORS_HEADERS } });
}

/** JSON-RPC errors for the requests in `body`, when the web app gave no answer: the client reads why. */
function failedRequests(body: string, message: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return '';
  }
  const ids = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((item) =>
    typeof item === 'object' && item !== null && 'method' in item && 'id' in item ? [item.id] : [],
  );
  const answers = ids.map((id) => ({ jsonrpc: '2.0', id, error: { code: -32603, message } }));
  if (answers.length === 0) return '';
  return JSON.stringify(Array.isArray(parsed) ? answers : answers[0]);
}

/** Why a POST cannot be read as MCP (wrong content type, an Accept without JSON, an unknown protocol version). */
function postProblem(request: Request): Response | null {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    return plainAnswer(415, `POST MCP messages as Content-Type: application/json (got ${type || 'none'}).`);
  const accept = request.headers.get('accept');
  if (accept && !/application\/json|\*\/\*|application\/\*/i.test(accept))
    return plainAnswer(406, 'This server answers application/json only: accept it (Accept: application/json).');
  const version = request.headers.get('mcp-protocol-version');
  if (version && !(PROTOCOL_VERSIONS as readonly string[]).includes(version))
    return plainAnswer(400, `Unsupported MCP-Protocol-Version ${version}; supported: ${PROTOCOL_VERSIONS.join(', ')}.`);
  return null;
}

/**
 * The answer to one request on an MCP endpoint whose web app URL (with the key) is `webAppUrl`. `onAnswer` sees the
 * web app's JSON before it goes out (the OAuth endpoint ends a grant whose key the sheet refused).
 */
export async function serveMcp(
  request: Request,
  webAppUrl: string,
  onAnswer?: (answer: string) => Promise<Response | null>,
): Promise<Response> {
  switch (request.method) {
    case 'OPTIONS':
      return new Response(null, { status: 204, headers: { ...CORS_HEADERS, allow: ALLOWED } });
    case 'HEAD':
      return new Response(null, { status: 200, headers: { ...CORS_HEADERS, allow: ALLOWED } });
    case 'POST':
      break;
    default:
      return plainAnswer(
        405,
        `${request.method} is not served here: this MCP server answers POST with JSON and opens no event stream.`,
        { allow: ALLOWED },
      );
  }
  const problem = postProblem(request);
  if (problem) return problem;
  const body = withRequestIds(await request.text());
  let answer: string;
  try {
    answer = await postToWebApp(webAppUrl, body);
  } catch (error) {
    if (!(error instanceof WebAppError)) throw error;
    const message = `Sheet Plan's web app gave no answer through the relay: ${error.message}`;
    const failed = failedRequests(body, message);
    return failed ? jsonAnswer(200, failed) : plainAnswer(502, message);
  }
  const replaced = onAnswer ? await onAnswer(answer) : null;
  if (replaced) return replaced;
  // Only notifications or responses came: accepted, no body (the spec's 202).
  return answer === '' ? new Response(null, { status: 202, headers: CORS_HEADERS }) : jsonAnswer(200, answer);
}
