// Where focus goes when the page changes under the user (after a step, a dialog's close, a form's success): to the
// new heading, or back to the control that opened the dialog, so that keyboard and screen-reader users go on from
// what changed rather than from the top of the page (the collection page's StepHeading does the same for its steps).

/** How long a move waits for its target (a lazily loaded screen's heading, a button still busy), milliseconds. */
const WAIT_MS = 5000;

/**
 * Focuses what `find` returns as soon as it can take focus, trying on each frame for a few seconds; gives up when
 * the user has meanwhile put focus somewhere (a field, another dialog).
 */
export function focusWhenShown(find: () => HTMLElement | null | undefined): void {
  const started = document.activeElement;
  const deadline = performance.now() + WAIT_MS;
  const attempt = () => {
    const active = document.activeElement;
    if (active && active !== started && active !== document.body) return;
    const target = find();
    target?.focus();
    if (target && document.activeElement === target) return;
    if (performance.now() < deadline) requestAnimationFrame(attempt);
  };
  attempt();
}

/** Focuses the page's heading (h1#page-title) once it is shown: after a form's success, a step of a form. */
export function focusPageHeading(): void {
  focusWhenShown(() => {
    const heading = document.getElementById('page-title');
    // Focusable from a script only, never a Tab stop.
    if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    return heading;
  });
}
