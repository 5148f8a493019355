// The pay-in reference as a Code 128 barcode in SVG: crisp at any size and printable. Ten modules of quiet zone on
// each side, as scanners need; the drawing is one image to assistive technology, named with the reference.
import { code128 } from './code128.ts';

const QUIET_ZONE = 10;
const HEIGHT = 60;

export function Barcode({ value, label }: { value: string; label: string }) {
  const symbol = code128(value);
  if (!symbol) return null;
  const width = symbol.modules + 2 * QUIET_ZONE;
  return (
    <svg className="payin-barcode" role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" shapeRendering="crispEdges">
      <rect width={width} height={HEIGHT} fill="#fff" />
      {symbol.bars.map((bar) => (
        <rect key={bar.x} x={bar.x + QUIET_ZONE} width={bar.width} height={HEIGHT} fill="#000" />
      ))}
    </svg>
  );
}
