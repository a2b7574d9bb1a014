import { useEffect, useRef } from 'react';

/** One series of bars (or a line, e.g. a target). Values are levels 0-3 or counts. */
export interface Series {
  label: string;
  values: (number | null)[];
  /** Draw as a line across the bars (targets). */
  line?: boolean;
}

const COLOURS = ['#3f51b5', '#26a69a', '#ffa726', '#ef5350', '#7e57c2', '#66bb6a', '#8d6e63'];

/**
 * A bar chart (chart.js, loaded on first use so it stays off the first page). The numbers it draws are always in a
 * table next to it, so the chart is a picture of the table (`aria-hidden` canvas, described by `label`).
 */
export function BarChart(props: { label: string; labels: string[]; series: Series[]; max?: number; height?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The chart is rebuilt only when what it draws changes (`key`); the latest props are read through a ref.
  const latest = useRef(props);
  latest.current = props;
  const key = JSON.stringify([props.labels, props.series, props.max]);
  useEffect(() => {
    const p = latest.current;
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      chart = new Chart(canvas.current, {
        type: 'bar',
        data: {
          labels: p.labels,
          datasets: p.series.map((s, i) =>
            s.line
              ? {
                  type: 'line' as const,
                  label: s.label,
                  data: s.values,
                  borderColor: '#c62828',
                  borderDash: [6, 4],
                  pointRadius: 0,
                  fill: false,
                }
              : { type: 'bar' as const, label: s.label, data: s.values, backgroundColor: COLOURS[i % COLOURS.length] },
          ) as never,
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: { y: { beginAtZero: true, ...(p.max ? { max: p.max } : {}) } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [key]);
  return (
    <figure className="chart" style={{ height: props.height ?? 260 }} aria-label={props.label}>
      <canvas ref={canvas} aria-hidden />
    </figure>
  );
}
