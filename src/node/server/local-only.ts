/**
 * Who may drive the local server: its own pages, and tools on this machine. A web page the developer
 * happens to visit must not, though its browser can reach 127.0.0.1:
 *  - Host must name this server (127.0.0.1, localhost or [::1] with its port): a DNS-rebinding page
 *    reaches us under its own host name, so its requests carry that name;
 *  - Origin, when a browser sends one, must be this server's own: a cross-origin `text/plain` POST
 *    needs no preflight, so it would otherwise run;
 *  - Sec-Fetch-Site, when a browser sends one, must be same-origin or none (typed in the address bar):
 *    a cross-site GET (an <img>, an <iframe>) carries no Origin;
 *  - the calls that run the script or touch the cells also need the secret this start of the server
 *    made and put only into its own pages (the `x-sheet-plan-secret` header; a custom header also
 *    forces a preflight, which we never grant).
 * Tools on this machine (curl, the PlanClient) send no Origin and no Sec-Fetch-Site: the server is for
 * them, bound to 127.0.0.1 only.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SECRET_HEADER = 'x-sheet-plan-secret';

/** The host names this server answers to; with its port, they make its only origins. */
const LOCAL_HOST_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/** A fresh secret for each start of the server. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function allowedHosts(port: number): string[] {
  return LOCAL_HOST_NAMES.map((name) => `${name}:${port}`);
}

/** Why a request does not come from this server's pages or this machine's tools; null when it does. */
export function foreignRequest(request: IncomingMessage): Refusal | null {
  const port = request.socket.localPort ?? 0;
  const hosts = allowedHosts(port);
  const host = (request.headers.host ?? '').toLowerCase();
  if (!hosts.includes(host)) {
    return {
      status: 403,
      message:
        `Host "${request.headers.host ?? ''}" is not this server; it answers only to ${hosts.join(', ')} ` +
        `(open http://127.0.0.1:${port}/)`,
    };
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !hosts.some((allowed) => origin.toLowerCase() === `http://${allowed}`)) {
    return {
      status: 403,
      message: `Requests from ${origin} are refused: only the emulator's own pages (http://${host}) may call it`,
    };
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { status: 403, message: `A ${site} request is refused: only the emulator's own pages may call it` };
  }
  return null;
}

/** Why a call that runs the script or touches the cells is refused: no secret, or not this start's. */
export function missingSecret(request: IncomingMessage, secret: string): Refusal | null {
  const sent = Buffer.from(String(request.headers[SECRET_HEADER] ?? ''));
  const expected = Buffer.from(secret);
  if (sent.length === expected.length && timingSafeEqual(sent, expected)) return null;
  return {
    status: 403,
    message:
      `This call needs the ${SECRET_HEADER} header that the emulator's pages carry (it changes at every start); ` +
      `open the sheet at http://127.0.0.1:${request.socket.localPort ?? 0}/ and use it from there`,
  };
}
