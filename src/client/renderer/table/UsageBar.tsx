// Budget usage as a bar: value against the row's maximum, coloured by how much is used. The figure
// and the bar's final width are in the first render; the bar grows into that width with a CSS
// animation (transform only, 1400 ms ease-in-out), so no effect, frame callback or second render
// per bar, and no layout work while it grows.
import { usageOf } from './format.ts';
import './UsageBar.css';

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
        <div className={`usage-fill usage-${usage.level}`} style={{ width: `${usage.fill}%` }} data-fill={usage.fill} />
      </div>
      <span className="usage-text">{text}</span>
    </div>
  );
}
