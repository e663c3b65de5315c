/**
 * A form's numbers (`/studio/forms/{lid}/{fId}/stats`, issue 36 item 2): the last 30 days as a chart of shown and
 * subscribed, the same figures as a table, the totals with the conversion (subscribed ÷ shown), and a CSV download.
 * The chart is a picture of the table: its name says what it shows and the table carries every figure.
 */
import { useEffect, useState } from 'react';
import type { DayCounts } from '../owner-api';
import { api } from './api';
import { links } from './data';
import { bars, CHART, conversion, percent, totals } from './conversion';

/** The days the page shows. */
const DAYS = 30;

function Chart({ days }: { days: DayCounts[] }) {
  const { max, bars: all } = bars(days);
  const base = CHART.height - CHART.bottom;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-labelledby="chart-title">
        <title id="chart-title">
          Shown and subscribed per day, {days[0].date} to {days[days.length - 1].date}; the table below has the figures
        </title>
        <line className="chart-axis" x1={0} x2={CHART.width} y1={base} y2={base} />
        {all.map((b) => (
          <g key={b.date}>
            <rect className="chart-shown" x={b.x} width={b.width} y={b.shown.y} height={b.shown.height} />
            <rect
              className="chart-subscribed"
              x={b.x + b.width / 4}
              width={b.width / 2}
              y={b.subscribed.y}
              height={b.subscribed.height}
            />
          </g>
        ))}
        <text className="chart-label" x={0} y={CHART.top - 4}>
          {max}
        </text>
        <text className="chart-label" x={0} y={CHART.height - 6}>
          {days[0].date}
        </text>
        <text className="chart-label" x={CHART.width} y={CHART.height - 6} textAnchor="end">
          {days[days.length - 1].date}
        </text>
      </svg>
      <figcaption>
        <span className="swatch chart-shown" /> Shown <span className="swatch chart-subscribed" /> Subscribed
      </figcaption>
    </figure>
  );
}

function DayTable({ days }: { days: DayCounts[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard (WCAG 2.1.1)
    <section className="table-scroll" aria-labelledby="stats-caption" tabIndex={0}>
      <table className="stats">
        <caption id="stats-caption">Per day (UTC), oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Shown</th>
            <th scope="col">Closed</th>
            <th scope="col">Subscribed</th>
            <th scope="col">Confirmed</th>
            <th scope="col">Conversion</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.shown}</td>
              <td>{d.closed}</td>
              <td>{d.subscribed}</td>
              <td>{d.confirmed}</td>
              <td>{percent(conversion(d.shown, d.subscribed))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function Stats({ lid, fId }: { lid: string; fId: string }) {
  const [title, setTitle] = useState(fId);
  const [days, setDays] = useState<DayCounts[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    void api.stats(lid, fId, DAYS).then((r) => (r.ok ? setDays(r.data.days) : setError(r.error)));
    void api.form(lid, fId).then((r) => r.ok && setTitle(r.data.title));
  }, [lid, fId]);
  const t = days && totals(days);
  return (
    <>
      <nav aria-label="Breadcrumb" className="crumbs">
        <a href={links.home}>Studio</a> › <a href={links.form(lid, fId)}>{title}</a> ›
      </nav>
      <h1>Numbers of {title}</h1>
      <p>
        The last {DAYS} days. Shown and closed are counted when the popup reports them; subscribed is a signup the
        provider accepted, confirmed a double opt-in link followed. Conversion is subscribed ÷ shown.
      </p>
      {error ? <p className="problem">The numbers could not be loaded: {error}</p> : null}
      {days && t ? (
        <>
          <dl className="totals">
            <div>
              <dt>Shown</dt>
              <dd>{t.shown}</dd>
            </div>
            <div>
              <dt>Subscribed</dt>
              <dd>{t.subscribed}</dd>
            </div>
            <div>
              <dt>Conversion</dt>
              <dd>{percent(conversion(t.shown, t.subscribed))}</dd>
            </div>
            <div>
              <dt>Confirmed</dt>
              <dd>{t.confirmed}</dd>
            </div>
          </dl>
          <Chart days={days} />
          <p>
            <a className="button secondary" href={api.statsCsvUrl(lid, fId, DAYS)} download>
              Download as CSV
            </a>
          </p>
          <DayTable days={days} />
        </>
      ) : error ? null : (
        <p>Loading…</p>
      )}
    </>
  );
}
