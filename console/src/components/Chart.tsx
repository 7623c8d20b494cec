import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, AriaComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, AriaComponent, CanvasRenderer]);

/** An Apache ECharts chart; `label` names it for screen readers (the data is also in a table beside it). */
export function Chart({ option, label, testId }: { option: EChartsCoreOption; label: string; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = echarts.init(el);
    // tooltips as canvas text: ECharts' HTML tooltips carry inline styles, which the console's CSP refuses
    chart.setOption({ aria: { enabled: true, label: { description: label } }, animation: false, ...option, tooltip: { renderMode: 'richText', ...(option.tooltip as object | undefined) } });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option, label]);
  return <div ref={ref} className="chart" role="img" aria-label={label} data-testid={testId} />;
}
