// An in-app link: a real <a href>, so that opening in a new tab or window, copying and middle clicks are the
// browser's; only a plain left click (no modifier, no other target) navigates in place.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useRouter } from './hooks.ts';

/** Whether a click on a link is one the app handles, rather than the browser (new tab, window, download). */
export function isInAppClick(event: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path, `?search` or a relative path, with an optional query and fragment. */
  to: string;
  /** Replace the current entry. By default a link to the current address replaces it and any other adds one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isInAppClick(event, target)) return;
        event.preventDefault();
        void router.navigate(to, { replace: replace ?? router.isCurrent(to) });
      }}
    />
  );
}
