import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { programInstalled } from '../support/redis-server-process.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

const DIR = join(import.meta.dirname, '..', '..', 'deploy', 'prometheus');
const RULES = join(DIR, 'alerts.yml');
const RULE_TESTS = join(DIR, 'alerts.test.yml');
// Series Prometheus makes itself for every target; no process exposes them.
const PROMETHEUS_OWN = new Set(['up']);

const promtool = (...args: string[]) => spawnSync('promtool', args, { encoding: 'utf8' });

interface Rule {
  alert: string;
  expr: string;
}

/** The metric names an expression reads: identifiers that are neither functions, keywords, nor label names. */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const withoutMatchers = withoutStrings.replace(/\{[^}]*\}/g, '{}');
  const withoutGrouping = withoutMatchers.replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const words = withoutGrouping.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  const notMetrics = new Set(['sum', 'min', 'max', 'avg', 'count', 'rate', 'increase', 'and', 'or', 'unless', 'm', 's', 'h']);
  return [...new Set(words.filter((word) => !notMetrics.has(word) && !/^\d/.test(word)))];
}

describe.runIf(programInstalled(['promtool'], 'the alert rules suite (apt-get install prometheus) is'))('deploy/prometheus/alerts.yml', () => {
  const rules = (parse(readFileSync(RULES, 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((group) => group.rules);

  it('passes `promtool check rules`', () => {
    const checked = promtool('check', 'rules', RULES);
    expect(checked.stdout + checked.stderr).toContain(`SUCCESS: ${rules.length} rules found`);
    expect(checked.status).toBe(0);
  });

  it('fires the right alerts on the right series (`promtool test rules` with alerts.test.yml)', () => {
    const tested = promtool('test', 'rules', RULE_TESTS);
    expect(tested.stdout + tested.stderr).toContain('SUCCESS');
    expect(tested.status).toBe(0);
    // Every alert has a case, so a rule nobody tested cannot ship.
    const cases = parse(readFileSync(RULE_TESTS, 'utf8')) as { tests: Array<{ alert_rule_test: Array<{ alertname: string; exp_alerts: unknown[] }> }> };
    const firing = new Set(cases.tests.flatMap((c) => c.alert_rule_test.filter((t) => t.exp_alerts.length > 0).map((t) => t.alertname)));
    expect([...firing].sort()).toEqual(rules.map((rule) => rule.alert).sort());
  });

  it('reads out the names each rule uses (the drift check below relies on it)', () => {
    const redisDown = rules.find((rule) => rule.alert === 'RadioHubRedisDown')!;
    expect(metricNames(redisDown.expr)).toEqual(['radio_hub_redis_up']);
    const errors = rules.find((rule) => rule.alert === 'RadioHubServerErrors')!;
    expect(metricNames(errors.expr)).toEqual(['radio_hub_http_requests_total']);
  });

  describe.runIf(hasRedis)("against a running hub's /metrics", () => {
    const prefix = uniquePrefix('alerts');
    let hub: ServiceProcess;
    let exposed: Set<string>;

    beforeAll(async () => {
      hub = startService({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl, REDIS_PREFIX: prefix, METRICS_PORT: '0' }, { stream: { enabled: false } });
      const port = await hub.listening;
      await hub.logged('metrics on GET /metrics');
      const metricsPort = hub.lines.find((l) => l.msg === 'metrics on GET /metrics')!.port as number;
      await fetch(`http://127.0.0.1:${port}/api/mobile/status`);
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      // Every family a scrape declares (# TYPE), with or without samples yet.
      exposed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
    });
    afterAll(async () => {
      await hub?.stop();
      await deleteKeys(redisUrl, prefix);
    });

    it('exposes every metric the rules name, so renaming one in the code breaks this test', () => {
      const named = [...new Set(rules.flatMap((rule) => metricNames(rule.expr)))].filter((name) => !PROMETHEUS_OWN.has(name));
      expect(named.length).toBeGreaterThanOrEqual(7);
      expect(named.filter((name) => !exposed.has(name))).toEqual([]);
    });
  });
});
