import { vi } from 'vitest';

/**
 * Gives the charts a size: recharts draws nothing until its ResponsiveContainer has measured itself, and
 * happy-dom lays nothing out, so every observed element is told it is `width` × `height` at once. With it a test
 * reads a chart's legend and axis ticks as a browser draws them. Undone after the test (the setup unstubs globals).
 */
export function sizedCharts(width = 600, height = 300): void {
  class SizedResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const entry = { target, contentRect: { width, height } } as unknown as ResizeObserverEntry;
      this.callback([entry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal('ResizeObserver', SizedResizeObserver);
}

/** A chart's legend, in the order it reads. */
export const legendOf = (chart: ParentNode) =>
  [...chart.querySelectorAll('.mantine-ChartLegend-legendItemName')].map((item) => item.textContent);

/** The tick labels of a chart's axis (`x`, `y`, or the right-hand `y`), bottom or left first. */
export function ticksOf(chart: ParentNode, axis: 'x' | 'y'): string[] {
  return [...chart.querySelectorAll(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`)].map(
    (tick) => tick.textContent ?? '',
  );
}
