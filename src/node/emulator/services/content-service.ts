/**
 * ContentService, MimeType and TextOutput (https://developers.google.com/apps-script/reference/content): the text a
 * web app's doGet or doPost returns. The MimeType enum is the one the reference lists today (CSV, ICAL, JAVASCRIPT,
 * JSON, TEXT, VCARD: ATOM, RSS and XML are gone from it); "The default is plain text."
 */
import { createEnum, enumConstantName } from '../runtime/enums';
import type { ExecutionScope } from '../runtime/execution-scope';
import { signatureMismatch } from '../runtime/service-error';

export const MimeType = createEnum(['CSV', 'ICAL', 'JAVASCRIPT', 'JSON', 'TEXT', 'VCARD']);
export type MimeTypeName = keyof typeof MimeType;

/** The Content-Type Google serves each MIME type with. */
export const MIME_TYPE_HEADERS: Record<MimeTypeName, string> = {
  CSV: 'text/csv',
  ICAL: 'text/calendar',
  JAVASCRIPT: 'application/javascript',
  JSON: 'application/json',
  TEXT: 'text/plain',
  VCARD: 'text/vcard',
};

export class ContentService {
  readonly MimeType = MimeType;
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  createTextOutput(content?: unknown): TextOutput {
    if (arguments.length > 1 || (content !== undefined && typeof content !== 'string'))
      throw signatureMismatch('ContentService.createTextOutput', [...arguments]);
    return this.#scope.expose('TextOutput', new TextOutput(content ?? ''));
  }
}

export class TextOutput {
  #content: string;
  #mimeType: MimeTypeName = 'TEXT';
  #fileName: string | null = null;

  constructor(content: string) {
    this.#content = content;
  }

  append(addedContent: unknown): this {
    if (typeof addedContent !== 'string') throw signatureMismatch('TextOutput.append', [addedContent]);
    this.#content += addedContent;
    return this;
  }

  clear(): this {
    this.#content = '';
    return this;
  }

  getContent(): string {
    return this.#content;
  }

  setContent(content: unknown): this {
    if (typeof content !== 'string') throw signatureMismatch('TextOutput.setContent', [content]);
    this.#content = content;
    return this;
  }

  getMimeType(): (typeof MimeType)[MimeTypeName] {
    return MimeType[this.#mimeType];
  }

  /** Only a constant of ContentService.MimeType: a string such as 'application/json' fits no signature. */
  setMimeType(mimeType: unknown): this {
    const name = enumConstantName(MimeType, mimeType);
    if (!name) throw signatureMismatch('TextOutput.setMimeType', [mimeType]);
    this.#mimeType = name;
    return this;
  }

  getFileName(): string | null {
    return this.#fileName;
  }

  downloadAsFile(filename: unknown): this {
    if (filename !== null && typeof filename !== 'string')
      throw signatureMismatch('TextOutput.downloadAsFile', [filename]);
    this.#fileName = filename;
    return this;
  }

  /** What the web app serves: the text and its Content-Type (static: the emulator reads it, the script cannot). */
  static served(output: TextOutput): { content: string; contentType: string } {
    return { content: output.#content, contentType: MIME_TYPE_HEADERS[output.#mimeType] };
  }
}
