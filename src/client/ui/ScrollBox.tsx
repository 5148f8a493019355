// A box whose content may scroll sideways (a wide table on a narrow screen). A box that scrolls must be reachable
// from the keyboard, so it takes focus, named by `labelledBy`, while (and only while) it does scroll.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollBox({ className, labelledBy, children }: { className: string; labelledBy?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={className} {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-labelledby': labelledBy } : {})}>
      {children}
    </div>
  );
}
