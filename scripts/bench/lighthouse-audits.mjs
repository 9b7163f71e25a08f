// What a Lighthouse report says (lighthouse.mjs): the scores and metrics kept per run, the audits
// that cost points, and the printed summary of `npm run bench:lighthouse`.
import path from 'node:path';
import { printAgendaWeight } from './dashboard-weight.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const score = (lhr, category) => {
  const value = lhr.categories[category]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : undefined;
};

/**
 * Audits of the report that cost points: below 1 in accessibility, best practices and SEO; in
 * performance, the metrics below 0.9 and the audits Lighthouse says would save metric time.
 */
function notPassed(lhr) {
  const failing = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score === undefined) continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      const savings = Object.entries(audit.metricSavings ?? {}).filter(([, ms]) => ms > 0);
      if (category === 'performance') {
        const isSlowMetric = ref.group === 'metrics' && audit.score < 0.9;
        if (!isSlowMetric && (savings.length === 0 || ref.group === 'hidden')) continue;
      } else if (audit.score >= 1) {
        continue;
      }
      failing.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        savings: Object.fromEntries(savings.map(([metric, ms]) => [metric, Math.round(ms)])),
      });
    }
  }
  return failing;
}

export function summarize(lhr, reportPath) {
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    speedIndexMs: Math.round(metric('speed-index')),
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    warnings: lhr.runWarnings ?? [],
    failing: notPassed(lhr),
    report: path.relative(root, reportPath),
  };
}

/** "uses-text-compression (Est savings of 265 KiB; FCP −1050 ms, LCP −1200 ms)". */
export function describeAudit(audit) {
  const savings = Object.entries(audit.savings ?? {}).map(([metric, ms]) => `${metric} −${ms} ms`);
  const notes = [audit.displayValue, savings.join(', ')].filter(Boolean).join('; ');
  return notes ? `${audit.id} (${notes})` : audit.id;
}

export function printResults(results) {
  if (results.skipped) {
    console.log(`Lighthouse não medido: ${results.skipped}`);
    return;
  }
  console.log(
    `\nLighthouse ${results.version}, mobile; mediana de ${results.runs} execuções (desempenho de cada uma entre colchetes)`,
  );
  for (const page of results.pages) {
    console.log(
      `\n${page.path}  performance ${page.performance} [${page.performanceRuns.join(', ')}] · accessibility ${page.accessibility} · best practices ${page.bestPractices} · SEO ${page.seo}`,
    );
    console.log(
      `  FCP ${page.fcpMs} ms · LCP ${page.lcpMs} ms · TBT ${page.tbtMs} ms · CLS ${page.cls} · Speed Index ${page.speedIndexMs} ms · benchmarkIndex ${page.benchmarkIndexRuns.join(', ')} · host idle before each run ${page.hostIdleRuns.map((idle) => `${Math.round(idle * 100)}%`).join(', ')}`,
    );
    for (const audit of page.failing) console.log(`  - ${audit.category}: ${describeAudit(audit)}`);
    for (const warning of page.warnings) console.log(`  ! ${warning}`);
    console.log(`  relatório: ${page.report}`);
  }
  if (results.agendaWeight) printAgendaWeight(results.agendaWeight);
}
