/**
 * Rendered Markdown as plain data: text, or an element of a fixed set of tags with a fixed set of attributes. The page
 * builds DOM nodes from it (../markdown.ts), so no HTML string is ever parsed and nothing in a plan can become markup.
 */
export type MarkdownTag =
  | 'p'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'ul'
  | 'ol'
  | 'li'
  | 'pre'
  | 'code'
  | 'blockquote'
  | 'hr'
  | 'table'
  | 'thead'
  | 'tbody'
  | 'tr'
  | 'th'
  | 'td'
  | 'strong'
  | 'em'
  | 'del'
  | 'a'
  | 'br';

/** `href` only ever holds an http(s) or mailto target (./inline.ts's link). */
export type MarkdownAttribute = 'href' | 'target' | 'rel' | 'start';

export interface MarkdownElement {
  tag: MarkdownTag;
  attributes?: Partial<Record<MarkdownAttribute, string>>;
  children: MarkdownNode[];
}

export type MarkdownNode = string | MarkdownElement;

export function element(
  tag: MarkdownTag,
  children: MarkdownNode[],
  attributes?: Partial<Record<MarkdownAttribute, string>>,
): MarkdownElement {
  return attributes ? { tag, attributes, children } : { tag, children };
}
