import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createConsoleMetrics } from './console-metrics';
import { statusLabel } from './status-label';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const DASHBOARD = resolve(ROOT, 'docs/monitoring/grafana-dashboard.json');
const ALERTS = resolve(ROOT, 'docs/monitoring/alerts.yml');
const PROMTOOL = '/usr/bin/promtool';

/** PromQL words that look like metric names but are not. */
const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);

/** The metric names an expression reads: identifiers that are not functions, keywords, labels or strings. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings (label values, regexes)
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // ranges ($__rate_interval too)
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ''); // grouping labels
  const names = [...bare.matchAll(/(?<![\w$:.])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\w:])(?!\s*\()/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !PROMQL_WORDS.has(n)))];
}

/** Every series name a scrape of the console can hold: TYPE lines, with a histogram's _bucket/_sum/_count. */
async function exposedNames(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const mode of ['embedded', 'proxy'] as const) {
    const text = await createConsoleMetrics({ version: 'test', mode }).registry.metrics();
    for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      names.add(name!);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name!}${suffix}`);
      if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name!}${suffix}`);
    }
  }
  return names;
}

type Panel = { title: string; targets?: { expr: string }[] };

describe('docs/monitoring', () => {
  it('reads metric names out of PromQL', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.99, sum by (le, http_route) (rate(a_bucket{job=~"$job", x!="y_z"}[$__rate_interval]))) / b_total > 1',
      ),
    ).toEqual(['a_bucket', 'b_total']);
  });

  it('the Grafana dashboard reads only metrics the server exposes, and every panel reads one', async () => {
    const exposed = await exposedNames();
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    for (const panel of dashboard.panels) {
      const names = (panel.targets ?? []).flatMap((t) => metricNamesIn(t.expr));
      expect(names.length, panel.title).toBeGreaterThan(0);
      for (const name of names) expect(exposed, `${panel.title}: ${name}`).toContain(name);
    }
  });

  it('the alert rules read only metrics the server exposes (and Prometheus its own `up`)', async () => {
    const exposed = await exposedNames();
    exposed.add('up');
    const exprs = [...readFileSync(ALERTS, 'utf8').matchAll(/expr: (?:\|\n((?: {10}.*\n?)+)|(.+))/g)].map((m) => m[1] ?? m[2]!);
    expect(exprs.length).toBeGreaterThanOrEqual(6);
    for (const expr of exprs) for (const name of metricNamesIn(expr)) expect(exposed, expr).toContain(name);
  });

  it('every status matcher still selects a status once it is counted by its class (5xx under =~"5..")', () => {
    const text = `${readFileSync(DASHBOARD, 'utf8')}\n${readFileSync(ALERTS, 'utf8')}`;
    const matchers = [...text.matchAll(/http_response_status_code(=~|!~|=|!=)\\?"([^"\\]*)\\?"/g)].map(([, op, value]) => {
      const re = new RegExp(`^(?:${op!.includes('~') ? value! : value!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})$`);
      return { source: `${op!}"${value!}"`, test: (label: string) => re.test(label) === op!.startsWith('=') };
    });
    expect(matchers.length).toBeGreaterThan(0);
    for (const { source, test } of matchers)
      for (let status = 100; status < 600; status++) expect(test(statusLabel(status)), `${source} on ${status}`).toBe(test(String(status)));
  });

  it.runIf(existsSync(PROMTOOL))('promtool check rules accepts the alert rules', () => {
    const checked = spawnSync(PROMTOOL, ['check', 'rules', ALERTS], { encoding: 'utf8' });
    expect(`${checked.stdout}${checked.stderr}`).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
  });
});
