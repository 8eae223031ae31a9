/**
 * The Analysis and Notes sections as Markdown: `marked` renders, DOMPurify sanitises, and the
 * result is a DOM fragment (never an HTML string put into the page). Raw HTML written in the plan
 * is shown as text, links open in a new tab, and only http(s) and mailto links survive.
 */
import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../../src/core/text';

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // `<b>` or `<script>` typed into the plan is text to read, not markup.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // Images would be fetched from wherever the plan points; show their description instead.
    image: ({ text }: Tokens.Image) => escapeHtml(text ? `[image: ${text}]` : '[image]'),
  },
});

const SAFE_LINK = /^(?:https?:|mailto:)/i;

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href');
  if (href === null || !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
  // The sidebar is a sandboxed frame: a link must open a new tab, and that tab gets no handle on us.
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

export function renderMarkdown(text: string): DocumentFragment {
  const html = markdown.parse(text) as string;
  return DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'img', 'svg', 'math', 'iframe'],
    FORBID_ATTR: ['style', 'id', 'class'],
  });
}
