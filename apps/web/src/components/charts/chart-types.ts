/** One line, area or bar of a chart: the data key it draws, its name and its colour. */
export interface ChartSeries<K extends string = string> {
  key: K;
  name: string;
  color: string;
}

/** Series colours readable on the light and the dark theme alike. */
export const SERIES_COLORS = {
  views: '#6366f1',
  clicks: '#f59e0b',
} as const;
