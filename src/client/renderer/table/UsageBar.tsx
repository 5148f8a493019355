// Budget usage as a bar: value against the row's maximum, coloured by how much is used, growing
// from 0 to the actual share when it appears (CSS transition, 1400 ms ease-in-out).
import { useEffect, useState } from 'react';
import { usageOf } from './format.ts';

interface UsageBarProps {
  value: unknown;
  max: unknown;
  /** The column title, naming the bar for assistive technology. */
  label: string;
  /** "75% (1 875,00 zł of 2 500,00 zł)". */
  text: string;
}

export function UsageBar({ value, max, label, text }: UsageBarProps) {
  const usage = usageOf(value, max);
  // Starts empty and fills on the next frame so the width change animates.
  const [grown, setGrown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setGrown(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="usage">
      <div
        className="usage-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(usage.percent, 100)}
        aria-valuetext={text}
      >
        <div className={`usage-fill usage-${usage.level}`} style={{ width: `${grown ? usage.fill : 0}%` }} data-fill={usage.fill} />
      </div>
      <span className="usage-text">{text}</span>
    </div>
  );
}
