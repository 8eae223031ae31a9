/**
 * HtmlService and HtmlOutput (https://developers.google.com/apps-script/reference/html): the page
 * a script shows in a sidebar, made from a project HTML file or a string. Only what the product
 * calls is emulated (templates, meta tags and sandbox modes are not).
 */
import type { ExecutionScope } from '../runtime/execution-scope';
import { ServiceError, signatureMismatch } from '../runtime/service-error';

export class HtmlService {
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  createHtmlOutput(html?: unknown): HtmlOutput {
    if (html !== undefined && typeof html !== 'string') throw signatureMismatch('HtmlService.createHtmlOutput', [html]);
    return this.#scope.expose('HtmlOutput', new HtmlOutput(html ?? ''));
  }

  /**
   * A project HTML file, named with or without `.html` (execution option projectFiles; by default the files beside
   * the bundle). Apps Script gives its text as it stands: getContent() is the file.
   */
  createHtmlOutputFromFile(filename: unknown): HtmlOutput {
    if (typeof filename !== 'string') throw signatureMismatch('HtmlService.createHtmlOutputFromFile', [filename]);
    const content = this.#scope.projectFile(filename.replace(/\.html$/, ''));
    if (content === undefined) throw new ServiceError(`No HTML file named ${filename} was found.`);
    return this.#scope.expose('HtmlOutput', new HtmlOutput(content));
  }
}

export class HtmlOutput {
  readonly #content: string;
  #title = '';
  /** Assumption html-output-width (../assumptions.ts): null until set. */
  #width: number | null = null;

  constructor(content: string) {
    this.#content = content;
  }

  getContent(): string {
    return this.#content;
  }

  getTitle(): string {
    return this.#title;
  }

  setTitle(title: unknown): this {
    if (typeof title !== 'string') throw signatureMismatch('HtmlOutput.setTitle', [title]);
    this.#title = title;
    return this;
  }

  getWidth(): number | null {
    return this.#width;
  }

  setWidth(width: unknown): this {
    if (typeof width !== 'number' || !Number.isInteger(width)) throw signatureMismatch('HtmlOutput.setWidth', [width]);
    this.#width = width;
    return this;
  }
}
