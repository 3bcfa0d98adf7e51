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

// compose.tls.yaml is laid over compose.yaml (`docker compose -f compose.yaml -f compose.tls.yaml up`).
describe('compose.tls.yaml and deploy/nginx-tls.conf', () => {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as { services: Record<string, ComposeService & { ports?: string[] }> };
  const tls = parse(readFileSync(join(root, 'compose.tls.yaml'), 'utf8')) as { services: Record<string, ComposeService & { ports?: string[] }> };
  const nginxTls = readFileSync(join(root, 'deploy', 'nginx-tls.conf'), 'utf8');
  const hubLocation = (text: string) => /\n {8}location \/ \{\n[\s\S]*?\n {8}\}\n/.exec(text)?.[0];

  it('puts nginx-tls.conf where compose.yaml put nginx.conf, with the certificate where it reads it, on 443', () => {
    const target = (volume: string) => volume.split(':')[1];
    const base = compose.services.nginx!.volumes!.find((v) => v.startsWith('./deploy/nginx.conf:'))!;
    const over = tls.services.nginx!.volumes!.find((v) => v.startsWith('./deploy/nginx-tls.conf:'))!;
    expect(target(over)).toBe(target(base));
    const certificates = tls.services.nginx!.volumes!.find((v) => v.startsWith('./deploy/tls:'))!;
    expect(nginxTls).toContain(`ssl_certificate ${target(certificates)}/fullchain.pem;`);
    expect(nginxTls).toContain(`ssl_certificate_key ${target(certificates)}/privkey.pem;`);
    expect(existsSync(join(root, 'deploy', 'tls'))).toBe(true);
    expect(tls.services.nginx!.ports).toContain('443:443');
  });

  it("proxies to compose.yaml's services by their names and ports", () => {
    for (const name of ['hub1', 'hub2', 'icecast']) expect(compose.services[name], name).toBeDefined();
    expect(nginxTls).toMatch(/server hub1:8080 /);
    expect(nginxTls).toMatch(/server hub2:8080 /);
    expect(nginxTls).toMatch(/server icecast:8000;/);
  });

  it('passes to the hubs exactly as nginx.conf does (one block, kept equal)', () => {
    const plain = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8');
    expect(hubLocation(plain)).toBeDefined();
    expect(hubLocation(nginxTls)).toBe(hubLocation(plain));
  });
});
