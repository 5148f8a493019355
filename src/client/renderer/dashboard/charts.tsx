// The dashboard's charts (recharts, in a chunk of their own: loaded beside the dashboard and nowhere else). A chart
// is a picture of figures its panel also shows as a table, so it is hidden from assistive technology, and recharts'
// keyboard layer is off (a focusable element inside aria-hidden would be a trap).
import { Bar, BarChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

interface ChartDatum {
  key: string;
  label: string;
  value: number;
  /** The colour of its bar or slice (the table beside shows the same as a swatch). */
  color?: string;
}

export interface ChartProps {
  kind: 'bar' | 'donut';
  data: ChartDatum[];
  /** How a value reads in the tooltip and on the axis, in the interface language. */
  format: (value: number) => string;
}

const BAR_COLOR = '#1f5eff';
const AXIS_TEXT = { fontSize: 12, fill: '#5b6678' };

export default function Chart({ kind, data, format }: ChartProps) {
  if (kind === 'donut') {
    return (
      <div className="dashboard-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <PieChart accessibilityLayer={false}>
            <Pie
              data={data}
              dataKey="value"
              nameKey="label"
              innerRadius="55%"
              outerRadius="90%"
              paddingAngle={data.length > 1 ? 1 : 0}
              isAnimationActive={false}
              rootTabIndex={-1}
            >
              {data.map((datum) => (
                <Cell key={datum.key} fill={datum.color ?? BAR_COLOR} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => format(Number(value))} />
          </PieChart>
        </ResponsiveContainer>
      </div>
    );
  }
  // Horizontal bars: status and program names read along the axis without turning.
  const height = Math.max(120, data.length * 34 + 40);
  return (
    <div className="dashboard-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <XAxis type="number" tick={AXIS_TEXT} tickFormatter={(value: number) => format(value)} allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={150} tick={AXIS_TEXT} />
          <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: 'rgba(31, 94, 255, 0.08)' }} />
          <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]}>
            {data.map((datum) => (
              <Cell key={datum.key} fill={datum.color ?? BAR_COLOR} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
