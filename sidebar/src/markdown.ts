/**
 * The Analysis and Notes sections as Markdown, put into the page as DOM nodes built one by one from plain data
 * (./markdown/blocks.ts, ./markdown/inline.ts): no HTML string is ever parsed, so markup written in the plan is shown
 * as the characters written. Links open in a new tab, and only http(s) and mailto links have a target.
 */
import { markdownNodes } from './markdown/blocks';
import type { MarkdownNode } from './markdown/nodes';

function domNode(node: MarkdownNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const built = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attributes ?? {})) built.setAttribute(name, value);
  built.append(...node.children.map(domNode));
  return built;
}

export function renderMarkdown(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...markdownNodes(text).map(domNode));
  return fragment;
}
