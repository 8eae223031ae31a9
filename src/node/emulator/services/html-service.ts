/**
 * HtmlService and HtmlOutput (https://developers.google.com/apps-script/reference/html): the pages
 * a script shows in sidebars and dialogs. Templates (createTemplate…) are not emulated.
 */
import { createEnum, enumConstantName } from '../runtime/enums';
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError, signatureMismatch } from '../runtime/service-error';

/** Only IFRAME is honoured today; the other modes are accepted and ignored, as Google does. */
export const SandboxMode = createEnum(['EMULATED', 'IFRAME', 'NATIVE']);
export const XFrameOptionsMode = createEnum(['ALLOWALL', 'DEFAULT']);

/** The meta tags HtmlOutput.addMetaTag accepts, from its reference page. */
const ALLOWED_META_TAGS = new Set([
  'apple-mobile-web-app-capable',
  'apple-mobile-web-app-status-bar-style',
  'apple-mobile-web-app-title',
  'google-site-verification',
  'mobile-web-app-capable',
  'viewport',
]);

export class HtmlService {
  readonly SandboxMode = SandboxMode;
  readonly XFrameOptionsMode = XFrameOptionsMode;
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  createHtmlOutput(html?: unknown): HtmlOutput {
    if (html !== undefined && typeof html !== 'string') throw signatureMismatch('HtmlService.createHtmlOutput', [html]);
    return this.#scope.expose('HtmlOutput', new HtmlOutput(html ?? ''));
  }

  /** A project HTML file, named with or without `.html` (execution option projectFiles). */
  createHtmlOutputFromFile(filename: unknown): HtmlOutput {
    if (typeof filename !== 'string') throw signatureMismatch('HtmlService.createHtmlOutputFromFile', [filename]);
    const files = this.#scope.settings.projectFiles;
    const name = filename.replace(/\.html$/, '');
    if (!Object.prototype.hasOwnProperty.call(files, name))
      throw new ServiceError(`No HTML file named ${filename} was found.`);
    return this.#scope.expose('HtmlOutput', new HtmlOutput(files[name]));
  }

  createTemplate(): never {
    throw new Error('HtmlService.createTemplate is not emulated');
  }

  createTemplateFromFile(): never {
    throw new Error('HtmlService.createTemplateFromFile is not emulated');
  }
}

export class HtmlOutput {
  #content: string;
  #title = '';
  /** Assumption: null until set (the reference gives no default). */
  #width: number | null = null;
  #height: number | null = null;
  #faviconUrl: string | null = null;
  readonly #metaTags: Array<{ name: string; content: string }> = [];

  constructor(content: string) {
    this.#content = content;
  }

  getContent(): string {
    return this.#content;
  }

  setContent(content: unknown): this {
    this.#content = requireText(content, 'HtmlOutput.setContent');
    return this;
  }

  append(addedContent: unknown): this {
    this.#content += requireText(addedContent, 'HtmlOutput.append');
    return this;
  }

  /** Appends text escaped as HTML, so it shows as written. */
  appendUntrusted(addedContent: unknown): this {
    this.#content += escapeHtml(requireText(addedContent, 'HtmlOutput.appendUntrusted'));
    return this;
  }

  clear(): this {
    this.#content = '';
    return this;
  }

  getTitle(): string {
    return this.#title;
  }

  setTitle(title: unknown): this {
    this.#title = requireText(title, 'HtmlOutput.setTitle');
    return this;
  }

  getWidth(): number | null {
    return this.#width;
  }

  setWidth(width: unknown): this {
    this.#width = requirePixels(width, 'HtmlOutput.setWidth');
    return this;
  }

  getHeight(): number | null {
    return this.#height;
  }

  setHeight(height: unknown): this {
    this.#height = requirePixels(height, 'HtmlOutput.setHeight');
    return this;
  }

  setSandboxMode(mode: unknown): this {
    if (!enumConstantName(SandboxMode, mode)) throw signatureMismatch('HtmlOutput.setSandboxMode', [mode]);
    return this;
  }

  setXFrameOptionsMode(mode: unknown): this {
    if (!enumConstantName(XFrameOptionsMode, mode)) throw signatureMismatch('HtmlOutput.setXFrameOptionsMode', [mode]);
    return this;
  }

  /** Assumption: a tag name outside the documented list is refused. */
  addMetaTag(name: unknown, content: unknown): this {
    if (typeof name !== 'string' || typeof content !== 'string')
      throw signatureMismatch('HtmlOutput.addMetaTag', [name, content]);
    if (!ALLOWED_META_TAGS.has(name))
      throw new ServiceError(`Meta tag "${name}" is not allowed (allowed: ${[...ALLOWED_META_TAGS].join(', ')}).`);
    this.#metaTags.push({ name, content });
    return this;
  }

  setFaviconUrl(iconUrl: unknown): this {
    this.#faviconUrl = requireText(iconUrl, 'HtmlOutput.setFaviconUrl');
    return this;
  }

  getFaviconUrl(): string | null {
    return this.#faviconUrl;
  }
}

function requireText(value: unknown, method: string): string {
  if (typeof value !== 'string') throw signatureMismatch(method, [value]);
  return value;
}

function requirePixels(value: unknown, method: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw signatureMismatch(method, [value]);
  return value;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
