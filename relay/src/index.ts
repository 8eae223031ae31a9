/**
 * Sheet Plan's relay: a Cloudflare Worker that lets any MCP client reach a sheet's web app with its default settings
 * (docs/agents.md, "The relay"). Two ways in:
 * - `/<deployment>/mcp` with `Authorization: Bearer <agent key>` (Claude Code, Cursor, VS Code, the SDKs): the
 *   deployment is in the path, the key in the header, nothing stored;
 * - `/mcp` with an OAuth access token (Claude.ai, ChatGPT connectors): OAuth 2.1 with dynamic client registration and
 *   PKCE (@cloudflare/workers-oauth-provider, its grants in the OAUTH_KV namespace); the grant carries the agent URL
 *   the person gave on the authorize page (./authorize.ts).
 * Every call is forwarded to `<UPSTREAM_ORIGIN>/<deployment>/exec?key=<key>` (./mcp-http.ts, src/web/forwarding.ts).
 */
import { OAuthProvider, type OAuthHelpers, type OAuthResourceContext } from '@cloudflare/workers-oauth-provider';
import { AGENT_KEY_SHAPE, JSON_RPC_ERRORS } from '../../src/core/mcp/protocol';
import { serveAuthorize, type GrantProps } from './authorize';
import { CORS_HEADERS, jsonAnswer, plainAnswer, serveMcp } from './mcp-http';
import { DEFAULT_UPSTREAM_ORIGIN, deploymentOfMcpPath, OAUTH_MCP_PATH, webAppExecUrl } from './urls';

export interface Env {
  OAUTH_KV: KVNamespace;
  /** Where web apps are: https://script.google.com unless set (the local run sets the emulator's origin). */
  UPSTREAM_ORIGIN?: string;
  /** The relay's public origin, the OAuth resource's and issuer's; the request's origin unless set. */
  RELAY_ORIGIN?: string;
  /** Set by the OAuth library before a handler runs. */
  OAUTH_PROVIDER: OAuthHelpers;
}

const upstreamOf = (env: Env) => env.UPSTREAM_ORIGIN || DEFAULT_UPSTREAM_ORIGIN;

const ABOUT =
  "Sheet Plan's MCP relay. MCP clients: POST to /macros/s/<ID>/mcp with Authorization: Bearer <agent key>, or " +
  'connect to /mcp with OAuth. See docs/agents.md in the Sheet Plan repository.';

/** The bearer way, and the pages that are not OAuth's own. */
const defaultHandler: ExportedHandler<Env> = {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/authorize')
      return serveAuthorize(request, { OAUTH_PROVIDER: env.OAUTH_PROVIDER, upstreamOrigin: upstreamOf(env) });
    const deployment = deploymentOfMcpPath(url.pathname);
    if (deployment) {
      const key = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      if (!key && request.method === 'POST')
        return plainAnswer(
          401,
          "Send the agent's key as Authorization: Bearer <key> (the key of the agent URL the sidebar made).",
          { 'www-authenticate': 'Bearer realm="Sheet Plan"' },
        );
      if (key && !AGENT_KEY_SHAPE.test(key)) {
        // A client that signs in wherever it gets a 401 (Claude Code, VS Code, Cursor), given this URL without the key,
        // signs in at this relay and sends its token here: the grant's key goes on, to the grant's own deployment only.
        // No other token, nor a grant for another deployment, is sent to the one the path names (anyone's).
        const grant = await grantOf(key, env);
        if (grant?.props.deployment === deployment) return serveGrant(request, env, grant.props, grant.userId);
        return plainAnswer(
          401,
          'The bearer is not an agent key (sp- and 64 hex digits, from the agent URL the sidebar made), nor a ' +
            'sign-in at this relay to this sheet. An OAuth client connects to ' +
            `${OAUTH_MCP_PATH}; nothing was sent to the sheet.`,
          { 'www-authenticate': 'Bearer realm="Sheet Plan", error="invalid_token"' },
        );
      }
      return serveMcp(request, webAppExecUrl(upstreamOf(env), deployment, key ?? ''), inBearerWords);
    }
    if (url.pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) return plainAnswer(200, ABOUT);
    return plainAnswer(404, `Nothing at ${url.pathname}. ${ABOUT}`);
  },
};

/** The relay's own access token's grant (its user and props), or null when `token` is not one, or has expired. */
async function grantOf(token: string, env: Env): Promise<{ userId: string; props: GrantProps } | null> {
  const summary = await env.OAUTH_PROVIDER.unwrapToken<GrantProps>(token).catch(() => null);
  return summary && { userId: summary.userId, props: summary.grant.props };
}

/** The sheet's words for a key it refused (WEB_APP_REFUSED_KEY, src/apps-script/web-app-about.ts), and the relay's. */
const URL_KEY = "this URL's key";
const BEARER_KEY = 'the Bearer key of the Authorization header';
/** On the OAuth way the key is the one the person signed in with (the grant's): the client signs in with a new one. */
const GRANT_KEY = 'the key this sign-in was made with';

type AnswerMessage = { error?: { code?: number; message?: string } };

/** The sheet's JSON-RPC answer (one message or a batch), as parsed and as its messages; null when it is not JSON. */
function parsedAnswer(answer: string): { json: unknown; messages: AnswerMessage[] } | null {
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    return null;
  }
  return { json, messages: (Array.isArray(json) ? json : [json]) as AnswerMessage[] };
}

/**
 * The sheet refuses a key as the key of its URL, which holds it there; on the bearer way the client sent it in its
 * Authorization header, and the refusal names that instead.
 */
async function inBearerWords(answer: string): Promise<Response | null> {
  if (!answer.includes(URL_KEY)) return null;
  const parsed = parsedAnswer(answer);
  if (!parsed) return null;
  for (const message of parsed.messages) {
    const error = message?.error;
    if (error?.code === JSON_RPC_ERRORS.unauthorized && typeof error.message === 'string')
      error.message = error.message.replace(URL_KEY, BEARER_KEY);
  }
  return jsonAnswer(200, JSON.stringify(parsed.json));
}

/** The sheet refused the grant's key (revoked in the sidebar): the grant ends, and the client is told to sign in. */
async function endRefusedGrant(answer: string, env: Env, userId: string | undefined): Promise<Response | null> {
  const refusal = parsedAnswer(answer)?.messages.find(
    (message) => message?.error?.code === JSON_RPC_ERRORS.unauthorized,
  )?.error;
  if (!refusal) return null;
  if (userId) {
    const { items } = await env.OAUTH_PROVIDER.listUserGrants(userId);
    await Promise.all(items.map((grant) => env.OAUTH_PROVIDER.revokeGrant(grant.id, userId)));
  }
  const message = (refusal.message ?? '').replace(URL_KEY, GRANT_KEY);
  const description = message.replace(/["\\]/g, "'");
  return new Response(JSON.stringify({ error: 'invalid_token', error_description: message }), {
    status: 401,
    headers: {
      'content-type': 'application/json',
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"`,
      ...CORS_HEADERS,
    },
  });
}

/** A call on a grant: to its deployment with its key; a refusal of the key ends the user's grants (endRefusedGrant). */
function serveGrant(request: Request, env: Env, props: GrantProps, userId: string | undefined): Promise<Response> {
  return serveMcp(request, webAppExecUrl(upstreamOf(env), props.deployment, props.key), (answer) =>
    endRefusedGrant(answer, env, userId),
  );
}

/** The OAuth way: the grant's props name the deployment and key; `ctx.auth` (the library's) names the user. */
const apiHandler = {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // The library types the handler's context without its props; it passes the grant's, and its `auth`.
    const { props, auth } = ctx as OAuthResourceContext<GrantProps>;
    return serveGrant(request, env, props, auth.userId);
  },
};

const providers = new Map<string, OAuthProvider<Env>>();

/** One provider per origin: its resource (`<origin>/mcp`) and issuer are fixed when it is made. */
function providerFor(origin: string): OAuthProvider<Env> {
  let provider = providers.get(origin);
  if (!provider) {
    provider = new OAuthProvider<Env>({
      apiRoute: OAUTH_MCP_PATH,
      apiHandler,
      defaultHandler,
      authorizeEndpoint: '/authorize',
      tokenEndpoint: '/token',
      clientRegistrationEndpoint: '/register',
      resourceMetadata: { resource: `${origin}${OAUTH_MCP_PATH}`, resource_name: 'Sheet Plan' },
    });
    providers.set(origin, provider);
  }
  return provider;
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const origin = env.RELAY_ORIGIN || new URL(request.url).origin;
    return providerFor(origin).fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
