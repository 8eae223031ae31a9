/**
 * Range references in the plan (`Warehouse!A2:F500`, `'My Sheet'!A:A`) as links: clicking one selects that
 * range in the sheet, in one round trip. The references are found by the core's pattern; the links are
 * buttons (they act, they go nowhere), drawn as links.
 */
import { findRangeReferences } from '../../../src/core/format/range-references';

export const RANGE_LINK_CLASS = 'range-link';

function linkTitle(reference: string): string {
  return `Select ${reference} in the sheet`;
}

/**
 * One range link: a button carrying its reference in `data-range`. Its click is handled once for the whole page
 * (onRangeLinkClick, on the App's root), so the hundreds of links of a long plan are plain elements.
 */
export function RangeLink({ reference }: { reference: string }) {
  return rangeLink(reference);
}

function rangeLink(reference: string) {
  return (
    <button type="button" class={RANGE_LINK_CLASS} title={linkTitle(reference)} data-range={reference}>
      {reference}
    </button>
  );
}

/** `text` with each range reference a link; called as a function where many are drawn at once (a plan's rows). */
export function linkedText(text: string) {
  // Every reference has a `!`; most titles have none, and need no search.
  if (!text.includes('!')) return text;
  const references = findRangeReferences(text);
  if (references.length === 0) return text;
  const parts = [];
  let at = 0;
  for (const { reference, start, end } of references) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(rangeLink(reference));
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** `text` with each range reference a link. */
export function LinkedText({ text }: { text: string }) {
  return <>{linkedText(text)}</>;
}

/**
 * A click on any range link of the page (in a task, a panel or rendered Markdown) selects its range, and goes no
 * further: the App's root listens in the capture phase, before the row or box around the link could take it.
 */
export function onRangeLinkClick(select: (reference: string) => void): (event: Event) => void {
  return (event) => {
    const reference = rangeLinkTarget(event);
    if (reference === undefined) return;
    event.stopPropagation();
    select(reference);
  };
}

/**
 * The same links inside rendered Markdown (Analysis, Notes): every text node outside a link and a code block
 * gets its references replaced by buttons that carry the reference in `data-range` (onRangeLinkClick handles the
 * click).
 */
export function linkRangesIn(root: DocumentFragment | Element): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a, pre')) textNodes.push(node as Text);
  }
  for (const node of textNodes) {
    const text = node.data;
    const references = findRangeReferences(text);
    if (references.length === 0) continue;
    const replacement = document.createDocumentFragment();
    let at = 0;
    for (const { reference, start, end } of references) {
      if (start > at) replacement.append(text.slice(at, start));
      const link = document.createElement('button');
      link.type = 'button';
      link.className = RANGE_LINK_CLASS;
      link.title = linkTitle(reference);
      link.dataset.range = reference;
      link.textContent = reference;
      replacement.append(link);
      at = end;
    }
    if (at < text.length) replacement.append(text.slice(at));
    node.replaceWith(replacement);
  }
}

/** The reference of the range link an event happened on, if any. */
function rangeLinkTarget(event: Event): string | undefined {
  const target = event.target instanceof Element ? event.target.closest(`.${RANGE_LINK_CLASS}`) : null;
  return target instanceof HTMLElement ? target.dataset.range : undefined;
}
