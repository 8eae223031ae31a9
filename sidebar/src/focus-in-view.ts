/**
 * Gives `element` the focus, scrolled the least that shows it clear of the sticky error banner and status bar
 * (page.css's scroll-padding-top and scroll-margin-bottom). focus() would centre an element it finds hidden, and the
 * phases that scroll into view above it, laid out only then (content-visibility), would push it back down under the
 * status bar.
 */
export function focusInView(element: HTMLElement): void {
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'nearest' });
}
