import type { InsightsFunnel } from '@candid/domain';
import type { TFunction } from 'i18next';
import Papa from 'papaparse';
import { dropOffLabel } from './insights-format';

/**
 * The figures on screen as CSV, one section after another (the funnel, the figures, each period,
 * drop-off, devices, browsers), a column per funnel shown (two when comparing jobs). Numbers stay
 * plain (shares 0–1, minutes) so a spreadsheet can compute with them.
 */
export function buildInsightsCsv(funnels: InsightsFunnel[], t: TFunction): string {
  const names = funnels.map((funnel) => funnel.scope.name ?? t('insights.scope.organization'));
  const rows: (string | number | null)[][] = [];
  rows.push([t('insights.csv.range'), `${funnels[0]!.from} – ${funnels[0]!.to}`]);
  rows.push([]);
  rows.push([
    t('insights.funnel.step'),
    ...names.flatMap((name) => [name, `${name} · ${t('insights.funnel.conversion')}`]),
  ]);
  funnels[0]!.steps.forEach((step, index) => {
    rows.push([
      t(`insights.steps.${step.key}`),
      ...funnels.flatMap((funnel) => [funnel.steps[index]!.count, funnel.steps[index]!.conversion]),
    ]);
  });
  rows.push([]);
  rows.push([t('insights.csv.figure'), ...names]);
  rows.push([t('insights.kpi.completionRate'), ...funnels.map((f) => f.completionRate)]);
  rows.push([t('insights.csv.quit'), ...funnels.map((f) => f.quit)]);
  rows.push([t('insights.csv.medianComplete'), ...funnels.map((f) => f.timeToComplete.medianMin)]);
  rows.push([t('insights.csv.p90Complete'), ...funnels.map((f) => f.timeToComplete.p90Min)]);
  rows.push([t('insights.csv.medianReview'), ...funnels.map((f) => f.timeToFirstReview.medianMin)]);
  rows.push([t('insights.csv.p90Review'), ...funnels.map((f) => f.timeToFirstReview.p90Min)]);
  for (const funnel of funnels) {
    const name = funnel.scope.name ?? t('insights.scope.organization');
    rows.push([]);
    rows.push([
      `${name} · ${t('insights.csv.period')}`,
      ...funnel.steps.map((step) => t(`insights.steps.${step.key}`)),
    ]);
    for (const period of funnel.series) {
      rows.push([period.period, ...funnel.steps.map((step) => period[step.key])]);
    }
    rows.push([]);
    rows.push([`${name} · ${t('insights.dropOff.title')}`, t('insights.csv.count')]);
    for (const row of funnel.dropOff) rows.push([dropOffLabel(row, t), row.count]);
    rows.push([]);
    rows.push([`${name} · ${t('insights.devices.title')}`, t('insights.csv.count')]);
    for (const row of funnel.devices) rows.push([t(`insights.devices.${row.key}`), row.count]);
    rows.push([`${name} · ${t('insights.browsers.title')}`, t('insights.csv.count')]);
    for (const row of funnel.browsers) rows.push([t(`insights.browsers.${row.key}`), row.count]);
  }
  return Papa.unparse(rows.map((row) => row.map((cell) => cell ?? '')));
}

/** Saves the CSV as a file (UTF-8 with a byte order mark, so spreadsheets read Hebrew). */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
