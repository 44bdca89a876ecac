import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../../shared/components/VisuallyHidden';

interface ChartFrameProps {
  testId: string;
  title: string;
  /** Said instead of a chart when the range has nothing to draw. */
  empty?: string;
  loading: boolean;
  /** The chart, hidden from screen readers: `alternative` says the same in a table. */
  chart: ReactNode;
  alternative: ReactNode;
}

/** A report's card: its title, then the chart and its screen-reader table, or the words for an empty range. */
export function ChartFrame({ testId, title, empty, loading, chart, alternative }: ChartFrameProps) {
  return (
    <Card data-testid={testId} title={title} loading={loading} styles={{ body: { padding: 12 } }}>
      {empty !== undefined ? (
        <Typography.Paragraph
          type="secondary"
          data-testid={`${testId}-empty`}
          style={{ margin: 24, textAlign: 'center' }}
        >
          {empty}
        </Typography.Paragraph>
      ) : (
        <>
          <div aria-hidden style={{ width: '100%', height: 280 }}>
            {chart}
          </div>
          <VisuallyHidden>{alternative}</VisuallyHidden>
        </>
      )}
    </Card>
  );
}

/** A plain table for screen readers: a caption, a header row and one row per point of the chart. */
export function ChartTable({
  testId,
  caption,
  headers,
  rows,
}: {
  testId: string;
  caption: string;
  headers: string[];
  rows: string[][];
}) {
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={first}>
            <th scope="row">{first}</th>
            {rest.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
