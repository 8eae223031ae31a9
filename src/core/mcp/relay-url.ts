/**
 * Addresses on the MCP relay (relay/, issue 26): it speaks MCP Streamable HTTP as every client expects and forwards
 * each message to the sheet's web app, following Google's redirect itself. For a web app at
 * `https://script.google.com/<path>/exec` (`macros/s/<id>`, or a Workspace domain's `a/macros/<domain>/s/<id>`) the
 * relay's MCP URL is `<relay origin>/<path>/mcp`, the agent's key sent as `Authorization: Bearer <key>`; cloud
 * connectors (Claude.ai, ChatGPT) use `<relay origin>/mcp` and sign in with OAuth, giving the agent's URL there.
 */

/** A web app URL, and the path before /exec: `macros/s/<id>` or `a/macros/<domain>/s/<id>`. */
const WEB_APP_URL = /^https?:\/\/[^/?#\s]+\/((?:a\/macros\/[^/?#\s]+|macros)\/s\/[^/?#\s]+)\/exec(?:[?#]\S*)?$/;
/** An origin, a trailing slash allowed: scheme, host (a name or [::1]) and port. URL is no Apps Script global. */
const ORIGIN = /^(https?):\/\/([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[::1\])(:\d{1,5})?\/?$/;
const LOCAL_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/** The relay's origin from what a person typed (a trailing slash allowed), or null when it is not one. */
export function relayOrigin(text: string): string | null {
  const match = ORIGIN.exec(text.trim());
  if (!match) return null;
  const [, scheme, host, port = ''] = match;
  const name = host.toLowerCase();
  if (scheme.toLowerCase() !== 'https' && !LOCAL_HOSTS.includes(name)) return null;
  return `${scheme.toLowerCase()}://${name}${port}`;
}

/** The agent's URL (the web app's with `?key=…`) as the web app's URL and the key. */
export function splitAgentUrl(agentUrl: string): { webAppUrl: string; key: string } {
  const key = /[?&]key=([^&#]*)/.exec(agentUrl)?.[1] ?? '';
  return { webAppUrl: agentUrl.split(/[?#]/)[0], key: decodeURIComponent(key) };
}

/** The relay's MCP URL for one web app: `<relay origin>/<path>/mcp`. Throws for a URL that is not a web app's. */
export function relayMcpUrl(relay: string, webAppUrl: string): string {
  const origin = relayOrigin(relay);
  if (origin === null) throw new Error(`"${relay}" is not a relay's origin (https://…, no path)`);
  const path = WEB_APP_URL.exec(webAppUrl);
  if (!path) throw new Error(`"${webAppUrl}" is not a web app's URL (…/macros/s/<id>/exec)`);
  return `${origin}/${path[1]}/mcp`;
}

/** The relay's URL for cloud connectors, which sign in with OAuth. */
export function relayConnectorUrl(relay: string): string {
  const origin = relayOrigin(relay);
  if (origin === null) throw new Error(`"${relay}" is not a relay's origin (https://…, no path)`);
  return `${origin}/mcp`;
}
