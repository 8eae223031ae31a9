/**
 * Addresses on the MCP relay (relay/, issue 26): it speaks MCP Streamable HTTP as every client expects and forwards
 * each message to the sheet's web app, following Google's redirect itself. For a web app at
 * `https://script.google.com/<path>/exec` (`macros/s/<id>`, or a Workspace domain's `a/macros/<domain>/s/<id>`) the
 * relay's MCP URL is `<relay origin>/<path>/mcp`, the agent's key sent as `Authorization: Bearer <key>`; cloud
 * connectors (Claude.ai, ChatGPT) use `<relay origin>/mcp` and sign in with OAuth, giving the agent's URL there.
 */

/** The path of a web app URL before /exec: `macros/s/<id>` or `a/macros/<domain>/s/<id>`. */
const WEB_APP_PATH = /^\/((?:a\/macros\/[^/]+|macros)\/s\/[^/]+)\/exec$/;
const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** The relay's origin from what a person typed (a trailing slash allowed), or null when it is not one. */
export function relayOrigin(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const local = LOCAL_HOSTS.includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return null;
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) return null;
  return url.origin;
}

/** The agent's URL (the web app's with `?key=…`) as the web app's URL and the key. */
export function splitAgentUrl(agentUrl: string): { webAppUrl: string; key: string } {
  const url = new URL(agentUrl);
  const key = url.searchParams.get('key') ?? '';
  url.search = '';
  url.hash = '';
  return { webAppUrl: url.href, key };
}

/** The relay's MCP URL for one web app: `<relay origin>/<path>/mcp`. Throws for a URL that is not a web app's. */
export function relayMcpUrl(relay: string, webAppUrl: string): string {
  const origin = relayOrigin(relay);
  if (origin === null) throw new Error(`"${relay}" is not a relay's origin (https://…, no path)`);
  const path = WEB_APP_PATH.exec(new URL(webAppUrl).pathname);
  if (!path) throw new Error(`"${webAppUrl}" is not a web app's URL (…/macros/s/<id>/exec)`);
  return `${origin}/${path[1]}/mcp`;
}

/** The relay's URL for cloud connectors, which sign in with OAuth. */
export function relayConnectorUrl(relay: string): string {
  const origin = relayOrigin(relay);
  if (origin === null) throw new Error(`"${relay}" is not a relay's origin (https://…, no path)`);
  return `${origin}/mcp`;
}
