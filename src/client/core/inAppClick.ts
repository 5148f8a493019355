// Whether a click on an in-app <a href> is the app's to handle rather than the browser's (new tab, window,
// download): the test react-router's <Link> makes, for anchors that navigate with useNavigate themselves.
import type { MouseEvent } from 'react';

export function isInAppClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
