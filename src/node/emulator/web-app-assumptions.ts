/** The assumptions about web apps (doGet/doPost as Google serves them), a part of ASSUMPTIONS (./assumptions.ts). */
import type { EmulatorAssumption } from './assumptions';

export const WEB_APP_ASSUMPTIONS: readonly EmulatorAssumption[] = [
  {
    id: 'web-app-answers',
    behaviour:
      'A web app request answers status 200 whatever happens: a TextOutput through a 302 to a one-use ' +
      '/macros/echo?user_content_key=… URL read once with GET; a script error, a return that is no output and the ' +
      'limit of simultaneous executions as an HTML page ("The script completed but did not return anything."). A ' +
      "form-encoded body's fields are parameters too; no request header reaches the script.",
    documented:
      'TextOutput: "scripts cannot directly return text content to a browser. Instead, the browser is redirected to ' +
      'googleusercontent.com"; the web apps guide lists the event fields (no headers). The status codes, the echo ' +
      "URL's second use and the error pages are not documented.",
    doc: 'https://developers.google.com/apps-script/reference/content/text-output',
    file: 'web-app.ts',
  },
  {
    id: 'web-app-echo-origin',
    behaviour:
      "The one-use echo URL a POST is redirected to is on another origin than /exec (locally a second port: Google's " +
      'is script.googleusercontent.com, /exec script.google.com); a POST to it answers 405.',
    documented:
      'The content guide says the browser "is redirected to googleusercontent.com". The 405 for a POST there is ' +
      'measured (issue 26), not documented.',
    doc: 'https://developers.google.com/apps-script/guides/content#redirects',
    file: 'web-app.ts',
  },
  {
    id: 'web-app-head-forbidden',
    behaviour: 'A HEAD of a web app URL answers 403 and runs nothing (MCP clients probe with HEAD).',
    documented: 'The web apps guide names only GET (doGet) and POST (doPost); the 403 is measured (issue 26).',
    doc: 'https://developers.google.com/apps-script/guides/web',
    file: 'web-app.ts',
  },
  {
    id: 'web-app-burst-limit',
    behaviour:
      'More than 300 web app requests a minute to one script are answered with Google\'s page "Service invoked too ' +
      'many times in a short time: exec…" (200, HTML) and run nothing; the limit is a server option.',
    documented:
      'The quotas page says reaching a limit gives "an exception message indicating the specific limit exceeded or ' +
      'service invoked too many times", and publishes no number for requests in a burst: 300 a minute is ours.',
    doc: 'https://developers.google.com/apps-script/guides/services/quotas',
    file: 'web-app.ts',
  },
  {
    id: 'web-app-workspace-url',
    behaviour:
      "A Workspace domain's deployment is served at /a/macros/{domain}/s/{id}/exec, and getUrl() in its requests " +
      'answers that form, which the script remembers like the other.',
    documented:
      "The web apps guide shows the /macros/s/{id}/exec form; the Workspace form is what a domain account's " +
      'deployment dialog gives (not in the docs).',
    doc: 'https://developers.google.com/apps-script/guides/web',
    file: 'web-app.ts',
  },
];
