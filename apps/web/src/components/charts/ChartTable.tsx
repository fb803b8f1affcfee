import type { ReactNode } from 'react';

interface ChartTableProps {
  caption: string;
  /** The first column's heading (Day, Store, Device...). */
  rowHeader: string;
  columns: string[];
  rows: Array<{ key: string; label: ReactNode; cells: ReactNode[] }>;
}

/**
 * A chart's figures as a table for screen readers: a picture of a line tells them nothing.
 * Hidden on screen, where the chart shows the same.
 */
export function ChartTable({ caption, rowHeader, columns, rows }: ChartTableProps) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            {row.cells.map((cell, index) => (
              <td key={columns[index]}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
