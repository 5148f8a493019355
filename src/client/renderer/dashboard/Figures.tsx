// The scrolling box around a panel's table: on a narrow panel the figures scroll sideways, and a box that scrolls
// must be reachable from the keyboard (it takes focus, named by the table's label, only while it does scroll).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function Figures({ labelledBy, children }: { labelledBy?: string; children: ReactNode }) {
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
    <div ref={box} className="figures-wrap" {...(scrolls ? { tabIndex: 0, role: 'group', 'aria-labelledby': labelledBy } : {})}>
      {children}
    </div>
  );
}
