/**
 * The emulator's web app: ContentService's TextOutput, the event doGet/doPost get (no headers), and what is served
 * for what the script returns or throws (Assumption web-app-answers).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EmulatedSpreadsheet,
  ExecutionPool,
  runWebApp,
  webAppEvent,
  type WebAppRequest,
} from '../../src/node/emulator';
import { fresh, thrownMessage } from './helpers';

describe('ContentService', () => {
  test('a TextOutput is plain text until told; its MIME type is an enum constant, not a string', () => {
    const { ContentService } = fresh();
    const output = ContentService.createTextOutput('{"a":1}');
    expect(String(output.getMimeType())).toBe('TEXT');
    expect(output.setMimeType(ContentService.MimeType.JSON)).toBe(output);
    expect(String(output.getMimeType())).toBe('JSON');
    expect(thrownMessage(() => output.setMimeType('application/json' as never))).toBe(
      "The parameters (String) don't match the method signature for TextOutput.setMimeType.",
    );
    expect(output.append('!').getContent()).toBe('{"a":1}!');
    expect(output.clear().getContent()).toBe('');
    expect(ContentService.createTextOutput().getContent()).toBe('');
    expect(Object.keys(ContentService.MimeType).sort()).toEqual(['CSV', 'ICAL', 'JAVASCRIPT', 'JSON', 'TEXT', 'VCARD']);
  });

  test('the emulator reads what a TextOutput serves; the script cannot reach that reader', () => {
    const { ContentService } = fresh();
    const output = ContentService.createTextOutput('x') as unknown as Record<string, unknown>;
    expect(output.served).toBeUndefined();
  });
});

describe('the event a web app function gets', () => {
  test('a GET: the query string and its parameters, contentLength -1, no postData, no headers', () => {
    expect(webAppEvent({ method: 'GET', queryString: 'key=abc&n=1&n=2' })).toEqual({
      queryString: 'key=abc&n=1&n=2',
      parameter: { key: 'abc', n: '1' },
      parameters: { key: ['abc'], n: ['1', '2'] },
      contextPath: '',
      contentLength: -1,
    });
    expect(webAppEvent({ method: 'GET' }).queryString).toBeNull();
  });

  test("a POST: postData with the body and its type; a form-encoded body's fields are parameters too", () => {
    const json = webAppEvent({
      method: 'POST',
      queryString: 'key=k',
      body: '{"é":1}',
      contentType: 'application/json',
    });
    expect(json).toMatchObject({
      parameter: { key: 'k' },
      contentLength: 8,
      postData: { length: 8, type: 'application/json', contents: '{"é":1}', name: 'postData' },
    });
    const form = webAppEvent({
      method: 'POST',
      queryString: 'key=k',
      body: 'key=other&x=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.parameter).toEqual({ key: 'k', x: '1' });
    expect(form.parameters).toEqual({ key: ['k', 'other'], x: ['1'] });
    expect(webAppEvent({ method: 'GET', pathInfo: 'hello' }).pathInfo).toBe('hello');
  });
});

describe('what is served for what the script does (always 200)', () => {
  let folder: string;
  let pool: ExecutionPool;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'web-app-'));
    writeFileSync(
      path.join(folder, 'Code.js'),
      [
        'function doGet(e) {',
        '  return ContentService.createTextOutput(JSON.stringify(e)).setMimeType(ContentService.MimeType.JSON);',
        '}',
        'function doPost(e) {',
        '  if (e.parameter.fail) throw new Error("it failed");',
        '  if (e.parameter.html) return HtmlService.createHtmlOutput("<b>hi</b>");',
        '}',
      ].join('\n'),
    );
    pool = new ExecutionPool();
  });
  afterAll(async () => {
    await pool.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const cases: Array<[string, WebAppRequest, { content: string | RegExp; contentType: string }]> = [
    [
      'a TextOutput: its content and MIME type; the script saw the event',
      { method: 'GET', queryString: 'a=1' },
      { content: /"parameter":\{"a":"1"\}/, contentType: 'application/json' },
    ],
    [
      'nothing returned: Google\'s page "The script completed but did not return anything."',
      { method: 'POST', body: '' },
      { content: /The script completed but did not return anything\./, contentType: 'text/html' },
    ],
    [
      'an error: its message on a page',
      { method: 'POST', queryString: 'fail=1' },
      { content: /it failed/, contentType: 'text/html' },
    ],
    [
      'an HtmlOutput: the page',
      { method: 'POST', queryString: 'html=1' },
      { content: '<b>hi</b>', contentType: 'text/html' },
    ],
  ];

  test.each(cases)('in process: %s', (_case, request, expected) => {
    const answer = runWebApp(new EmulatedSpreadsheet(), folder, request);
    expect(answer.contentType).toBe(expected.contentType);
    expect(answer.content).toMatch(expected.content);
  });

  test.each(cases)('in the execution pool: %s', async (_case, request, expected) => {
    const answer = await pool.runWebApp(new EmulatedSpreadsheet(), folder, request);
    expect(answer.contentType).toBe(expected.contentType);
    expect(answer.content).toMatch(expected.content);
  });
});
