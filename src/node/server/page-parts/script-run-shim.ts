/**
 * What Google puts into a sidebar's page before the project's HTML runs: `google.script.run` and
 * `google.script.host`. Here every google.script.run call is one POST /gas/run, which runs the
 * function in the real dist/Code.js on the emulated spreadsheet (a 'ui' execution), carrying the
 * server's secret (local-only.ts).
 */
import { scriptJson } from '../../../../sidebar/src/protocol';
import { SECRET_HEADER } from '../local-only';

/**
 * "The google.script.run API allows 10 concurrent calls to server functions. If you make an 11th call
 * while 10 are still running, the server function will be delayed until one of the 10 spots is freed."
 * (https://developers.google.com/apps-script/guides/html/communication)
 */
export const CONCURRENT_CALLS_PER_PAGE = 10;

export interface ShimConfig {
  /** The bundle's callable functions: google.script.run has a method for each, and no others. */
  functionNames: readonly string[];
  /** The side panel's title and width, as showSidebar's HtmlOutput set them. */
  title: string;
  width: number | null;
  /** The server's secret, sent with every call. */
  secret: string;
}

/**
 * Plain ES5-style JavaScript, sent to the browser as is. Like Google's runner: the with…Handler
 * methods return a new runner (so a configured runner can be reused), a call returns undefined,
 * the success handler gets (result, userObject) and the failure handler (error, userObject) with
 * the server's message; without a failure handler the error goes to the console. At most
 * config.concurrentCalls calls run at once; later ones wait for a free spot, in order.
 */
const SHIM = String.raw`
(function (config) {
  function post(message) {
    if (window.parent === window) return;
    window.parent.postMessage(Object.assign({ source: 'sheet-plan-sidebar' }, message), '*');
  }
  function fail(handler, message, userObject) {
    var error = new Error(message);
    if (handler) handler(error, userObject); else console.error('google.script.run: uncaught ' + message);
  }
  var running = 0, waiting = [];
  function next() {
    running--;
    if (waiting.length) waiting.shift()();
  }
  function call(name, args, handlers) {
    if (running >= config.concurrentCalls) { waiting.push(function () { call(name, args, handlers); }); return; }
    running++;
    var headers = { 'content-type': 'application/json' };
    headers[config.secretHeader] = config.secret;
    fetch('/gas/run', {
      method: 'POST',
      headers: headers,
      body: JSON.stringify({ functionName: name, args: args })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error((body && body.error && body.error.message) || ('HTTP ' + response.status));
        return body;
      });
    }).then(function (outcome) {
      next();
      if (outcome.error) fail(handlers.failure, outcome.error.message, handlers.userObject);
      else if (handlers.success) {
        handlers.success(outcome.result === undefined ? null : outcome.result, handlers.userObject);
      }
    }, function (error) {
      next();
      fail(handlers.failure, 'NetworkError: Connection failure: ' + error.message, handlers.userObject);
    });
  }
  function runner(handlers) {
    var run = {
      withSuccessHandler: function (handler) { return runner(Object.assign({}, handlers, { success: handler })); },
      withFailureHandler: function (handler) { return runner(Object.assign({}, handlers, { failure: handler })); },
      withUserObject: function (object) { return runner(Object.assign({}, handlers, { userObject: object })); }
    };
    config.functionNames.forEach(function (name) {
      run[name] = function () { call(name, Array.prototype.slice.call(arguments), handlers); };
    });
    return run;
  }
  window.google = window.google || {};
  window.google.script = {
    run: runner({}),
    host: {
      origin: window.location.origin,
      close: function () { post({ type: 'close' }); },
      setHeight: function () {},
      setWidth: function (width) { post({ type: 'width', width: width }); },
      editor: { focus: function () { post({ type: 'focus-editor' }); } }
    }
  };
  post({ type: 'shown', title: config.title, width: config.width });
})(__CONFIG__);
`;

export function shimScript(config: ShimConfig): string {
  const pageConfig = { ...config, secretHeader: SECRET_HEADER, concurrentCalls: CONCURRENT_CALLS_PER_PAGE };
  return `<script>${SHIM.replace('__CONFIG__', () => scriptJson(pageConfig))}</script>`;
}

/** The secret in a page the server served (for tools and tests that call /gas/run as the page would). */
export function secretFromPage(html: string): string | null {
  return /"secret":"([\w-]+)"/.exec(html)?.[1] ?? null;
}

/** Puts the shim first in the page's head, so google.script exists before the page's own scripts run. */
export function injectShim(content: string, config: ShimConfig): string {
  const shim = shimScript(config);
  // `<head>` or `<head attributes…>`, found with string search (a pattern here would be quadratic in `<head<head…`).
  const lower = content.toLowerCase();
  for (let at = lower.indexOf('<head'); at >= 0; at = lower.indexOf('<head', at + 1)) {
    const next = lower.charAt(at + 5);
    const end = next === '>' ? at + 5 : /\s/.test(next) ? lower.indexOf('>', at) : -1;
    if (end >= 0) return content.slice(0, end + 1) + shim + content.slice(end + 1);
  }
  // No <head>: after the doctype (a script before it would switch the page to quirks mode).
  const doctype = /^\s*<!doctype[^>]*>/i.exec(content);
  const at = doctype ? doctype[0].length : 0;
  return content.slice(0, at) + shim + content.slice(at);
}
