/**
 * Views and conversions per day of one pop-up, drawn as SVG (no chart library): two lines over
 * the days, announced as one image with a summary in words, and the same figures as a table for
 * anyone who would rather read them.
 */
import type { DailyStats } from '../../machines/dashboard/dashboard.types.ts';
import { LoadFailed, SectionHeading, TableScroll, type SectionProps } from './section.tsx';

/** The drawing's own units (the SVG scales to its box). */
const CHART = { WIDTH: 640, HEIGHT: 240, PADDING: 32, GRID_LINES: 4 } as const;

type Series = DailyStats['poptins'][number];

/** The polyline points of `counts` over the chart, highest count at the top. */
function points(counts: number[], max: number): string {
  const inner = { width: CHART.WIDTH - 2 * CHART.PADDING, height: CHART.HEIGHT - 2 * CHART.PADDING };
  const step = counts.length > 1 ? inner.width / (counts.length - 1) : 0;
  return counts.map((count, index) => `${CHART.PADDING + index * step},${CHART.PADDING + inner.height - (count / max) * inner.height}`).join(' ');
}

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

function Chart({ series, days, t }: { series: Series; days: string[]; t: SectionProps['t'] }) {
  const max = Math.max(1, ...series.views, ...series.conversions);
  const name = series.poptin_name ?? series.poptin_id;
  const summary = t.chartSummary(name, days.length, sum(series.views), sum(series.conversions), days[0] ?? '', days[days.length - 1] ?? '');
  return (
    <figure className="dashboard-chart">
      {/* Coordinates run left to right in Hebrew too: time runs that way on the axis. */}
      <svg viewBox={`0 0 ${CHART.WIDTH} ${CHART.HEIGHT}`} role="img" aria-labelledby="chart-title chart-desc">
        <title id="chart-title">{t.chartHeading}</title>
        <desc id="chart-desc">{summary}</desc>
        {Array.from({ length: CHART.GRID_LINES + 1 }, (_, line) => {
          const y = CHART.PADDING + ((CHART.HEIGHT - 2 * CHART.PADDING) * line) / CHART.GRID_LINES;
          return (
            <g key={line} className="chart-grid">
              <line x1={CHART.PADDING} x2={CHART.WIDTH - CHART.PADDING} y1={y} y2={y} />
              <text x={CHART.PADDING - 4} y={y} textAnchor="end" dominantBaseline="middle">
                {Math.round((max * (CHART.GRID_LINES - line)) / CHART.GRID_LINES)}
              </text>
            </g>
          );
        })}
        <polyline className="chart-views" points={points(series.views, max)} />
        <polyline className="chart-conversions" points={points(series.conversions, max)} />
        <text x={CHART.PADDING} y={CHART.HEIGHT - 8}>{days[0]}</text>
        <text x={CHART.WIDTH - CHART.PADDING} y={CHART.HEIGHT - 8} textAnchor="end">{days[days.length - 1]}</text>
      </svg>
      <figcaption>
        <span className="chart-key chart-key-views">{t.chartViews}</span> <span className="chart-key chart-key-conversions">{t.chartConversions}</span>
        <p>{summary}</p>
      </figcaption>
      <details>
        <summary>{t.chartTable}</summary>
        <TableScroll captionId="chart-table-caption">
          <table className="dashboard-table">
            <caption id="chart-table-caption">{summary}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colDate}</th>
                <th scope="col" className="number">{t.chartViews}</th>
                <th scope="col" className="number">{t.chartConversions}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  <td className="number">{series.views[index]}</td>
                  <td className="number">{series.conversions[index]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}

export function ChartView({ actor, snapshot, t }: SectionProps) {
  const { daily, chartPoptin, loadError } = snapshot.context;
  const series = daily?.poptins.find((row) => row.poptin_id === chartPoptin) ?? daily?.poptins[0];
  return (
    <section aria-labelledby="chart-heading" className="dashboard-section">
      <SectionHeading>
        <span id="chart-heading">{t.chartHeading}</span>
      </SectionHeading>
      <p role="status">{snapshot.matches({ signedIn: { chart: 'loading' } }) ? t.loading : ''}</p>
      {snapshot.matches({ signedIn: { chart: 'failed' } }) && <LoadFailed actor={actor} t={t} error={loadError} />}
      {daily && !series && <p>{t.chartNone}</p>}
      {daily && series && (
        <>
          <label htmlFor="chart-poptin">{t.chartPoptin}</label>
          <select id="chart-poptin" value={series.poptin_id} onChange={(event) => actor.send({ type: 'CHART.SELECT', id: event.currentTarget.value })}>
            {daily.poptins.map((row) => (
              <option key={row.poptin_id} value={row.poptin_id}>
                {row.poptin_name ?? row.poptin_id}
              </option>
            ))}
          </select>
          <Chart series={series} days={daily.days} t={t} />
        </>
      )}
    </section>
  );
}
