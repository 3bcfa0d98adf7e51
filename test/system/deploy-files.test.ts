import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config/load-config.js';

const root = join(import.meta.dirname, '..', '..');

interface ComposeService {
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  command?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string }>;
}

// compose.yaml cannot be run here (no Docker); what can be checked by reading is checked here.
describe('compose.yaml', () => {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as { services: Record<string, ComposeService> };
  const { nginx, hub1, hub2, redis, icecast } = compose.services;

  it('runs two hub replicas on one Redis, behind nginx with the shipped config, and Icecast', () => {
    expect(hub1).toEqual(hub2);
    expect(hub1!.environment!.REDIS_URL).toBe('redis://redis:6379');
    expect(nginx!.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(icecast!.build).toBeDefined();
    for (const file of ['deploy/icecast.Dockerfile', 'deploy/icecast.xml']) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('keeps Redis on a volume with an append-only file synced every second', () => {
    expect(redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--appendfsync', 'everysec']));
    expect(redis!.volumes).toContain('redis-data:/data');
  });

  it("gives the hubs a valid configuration that trusts X-Forwarded-For from nginx's address only", () => {
    const mounted = hub1!.volumes!.find((v) => v.startsWith('./deploy/station.json:'))!;
    const config = loadConfig({ ...hub1!.environment, RADIO_CONFIG: join(root, mounted.split(':')[0]!), ADMIN_API_KEY: '' });
    const nginxAddress = (nginx!.networks as Record<string, { ipv4_address?: string }>).station!.ipv4_address;
    expect(config.trustProxy).toEqual([nginxAddress]);
    expect(config.stream.statusUrl).toBe('http://icecast:8000/status-json.xsl');
    expect(config.metrics).toEqual({ port: 9464, host: '0.0.0.0' });
  });
});
