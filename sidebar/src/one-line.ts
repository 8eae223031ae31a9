/**
 * What a person types or pastes into a one-line field, as the server takes a line of text (src/core/api/arguments.ts
 * requireLine): every line break a paste can bring (\r, \n, and \v, \f, U+0085, U+2028, U+2029, which Word and
 * PowerPoint put in soft breaks) becomes a space, and the other control characters, which no one can see, go; a tab
 * stays.
 */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\v\f\u0085\u2028\u2029]+/g, ' ').replace(/(?!\t)\p{Cc}/gu, '');
}
