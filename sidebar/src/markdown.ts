/**
 * The Analysis and Notes sections as Markdown, put into the page as DOM nodes built one by one from plain data
 * (./markdown/blocks.ts, ./markdown/inline.ts): no HTML string is ever parsed, so markup written in the plan is shown
 * as the characters written. Links open in a new tab, and only http(s) and mailto links have a target; a web link
 * shows its host after its words.
 */
import { markdownNodes } from './markdown/blocks';
import type { MarkdownNode } from './markdown/nodes';

function domNode(node: MarkdownNode): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const built = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attributes ?? {})) built.setAttribute(name, value);
  built.append(...node.children.map(domNode));
  // A web link says where it goes (its host as the browser reads it): its words (a range, a button's label) cannot
  // pass for the sidebar's own.
  const href = node.attributes?.href ?? '';
  let host = '';
  try {
    if (/^https?:/i.test(href)) host = new URL(href).host;
  } catch {
    // Not an address the browser could open: no host to show.
  }
  if (host)
    built.append(Object.assign(document.createElement('span'), { className: 'link-host', textContent: ` (${host})` }));
  return built;
}

export function renderMarkdown(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  fragment.append(...markdownNodes(text).map(domNode));
  return fragment;
}
