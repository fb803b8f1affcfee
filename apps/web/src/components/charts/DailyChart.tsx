import { useId } from 'react';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../lib/analytics-format';
import { longDay, shortDay } from '../../lib/analytics-range';
import type { ChartSeries } from './chart-types';
import { ChartTable } from './ChartTable';
import { ChartLegend, TOOLTIP_STYLE } from './ChartLegend';
import './charts.css';

type DailyRow<K extends string> = { date: string } & Record<K, number>;

interface DailyChartProps<K extends string> {
  /** Names the chart for screen readers and captions its table. */
  title: string;
  /** One sentence on what it shows. */
  description: string;
  data: DailyRow<K>[];
  series: ChartSeries<K>[];
  height?: number;
}

const TICK = { fill: 'currentColor', fontSize: 12 };

/**
 * Figures by day as soft areas, one per series, with each series' total in the legend. Sized
 * by its container (phones included); before the container is measured it draws at a
 * fallback size.
 */
export function DailyChart<K extends string>({
  title,
  description,
  data,
  series,
  height = 260,
}: DailyChartProps<K>) {
  // SVG references (url(#...)) take plain ids only.
  const gradientId = useId().replace(/[^\w-]/g, '');
  return (
    <div className="chart">
      <ChartLegend
        items={series.map((s) => ({
          key: s.key,
          name: s.name,
          color: s.color,
          total: data.reduce((sum, row) => sum + row[s.key], 0),
        }))}
      />
      <div className="chart__canvas">
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
          <AreaChart
            data={data}
            title={title}
            desc={description}
            margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          >
            <defs>
              {series.map((s) => (
                <linearGradient
                  key={s.key}
                  id={`${gradientId}-${s.key}`}
                  x1="0"
                  y1="0"
                  x2="0"
                  y2="1"
                >
                  <stop offset="0%" stopColor={s.color} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={s.color} stopOpacity={0.02} />
                </linearGradient>
              ))}
            </defs>
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
            <XAxis
              dataKey="date"
              tickFormatter={(date: string) => shortDay(date)}
              tick={TICK}
              tickLine={false}
              axisLine={false}
              minTickGap={28}
              interval="preserveStartEnd"
            />
            <YAxis
              allowDecimals={false}
              tickFormatter={(value: number) => formatCount(value)}
              tick={TICK}
              tickLine={false}
              axisLine={false}
              width="auto"
            />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              labelFormatter={(label) => longDay(String(label))}
              formatter={(value) => formatCount(Number(value))}
            />
            {series.map((s) => (
              <Area
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                fill={`url(#${gradientId}-${s.key})`}
                activeDot={{ r: 4 }}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={title}
        rowHeader="Day"
        columns={series.map((s) => s.name)}
        rows={data.map((row) => ({
          key: row.date,
          label: longDay(row.date),
          cells: series.map((s) => formatCount(row[s.key])),
        }))}
      />
    </div>
  );
}
