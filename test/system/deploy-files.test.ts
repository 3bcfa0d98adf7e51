import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
    // Listeners play the stream nginx proxies under the pages' own origin, not a made-up address.
    expect(config.station.streamUrl).toBe('http://localhost:8080/stream/live.mp3');
    expect(readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8')).toMatch(/location \/stream\/ \{\n\s+proxy_pass http:\/\/icecast\/;/);
  });

  it('is a station with sound: a source service runs the stream script into Icecast with its own passwords', () => {
    const source = compose.services.source as ComposeService & { build: { context: string; dockerfile: string } };
    const dockerfile = readFileSync(join(root, 'deploy', source.build.dockerfile), 'utf8');
    expect(dockerfile).toContain('COPY source/stream-source.sh /usr/local/bin/stream-source');
    expect(dockerfile).toMatch(/CMD \["stream-source"\]/);
    expect(source.environment).toMatchObject({ ICECAST_HOST: 'icecast', ICECAST_MOUNT: '/live.mp3' });
  });

  it('refuses to start without secrets (compose `:?`), and ships no placeholder password', () => {
    const required = /^\$\{[A-Z_]+:\?run deploy\/make-env\.sh to write \.env\}$/;
    expect(hub1!.environment!.ADMIN_API_KEY).toMatch(required);
    for (const name of ['ICECAST_SOURCE_PASSWORD', 'ICECAST_RELAY_PASSWORD', 'ICECAST_ADMIN_PASSWORD']) expect(icecast!.environment![name], name).toMatch(required);
    expect(readFileSync(join(root, 'deploy', 'icecast.xml'), 'utf8')).not.toMatch(/change-me|hackme/);
  });

  it('deploy/make-env.sh writes an .env with every secret compose requires, fresh each time, and icecast-start.sh refuses a placeholder', () => {
    const clone = mkdtempSync(join(tmpdir(), 'radio-make-env-'));
    mkdirSync(join(clone, 'deploy'));
    cpSync(join(root, 'deploy', 'make-env.sh'), join(clone, 'deploy', 'make-env.sh'));
    const envOf = () => Object.fromEntries([...readFileSync(join(clone, '.env'), 'utf8').matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
    execFileSync('sh', [join(clone, 'deploy', 'make-env.sh')]);
    const first = envOf();
    const composeText = readFileSync(join(root, 'compose.yaml'), 'utf8');
    const required = [...composeText.matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!);
    for (const name of required) expect(first[name], name).toMatch(/^[0-9a-f]{48}$/);
    execFileSync('sh', [join(clone, 'deploy', 'make-env.sh')]);
    expect(envOf()).toEqual(first);
    execFileSync('sh', [join(clone, 'deploy', 'make-env.sh'), '--force']);
    expect(envOf().ADMIN_API_KEY).not.toBe(first.ADMIN_API_KEY);

    const refused = spawnSync('sh', [join(root, 'deploy', 'icecast-start.sh')], {
      env: {
        PATH: process.env.PATH,
        ICECAST_SOURCE_PASSWORD: 'change-me-source',
        ICECAST_RELAY_PASSWORD: first.ICECAST_RELAY_PASSWORD,
        ICECAST_ADMIN_PASSWORD: first.ICECAST_ADMIN_PASSWORD,
      },
      encoding: 'utf8',
    });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('ICECAST_SOURCE_PASSWORD is empty or a placeholder; run deploy/make-env.sh');
  });
});

// Docker cannot run here: what the images are made of is checked by reading their files.
describe('the images', () => {
  const renovate = JSON.parse(readFileSync(join(root, 'renovate.json'), 'utf8')) as { packageRules: Array<{ matchDatasources?: string[]; pinDigests?: boolean }> };
  const bases = ['Dockerfile', 'deploy/icecast.Dockerfile', 'deploy/source.Dockerfile'].flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]!),
  );
  const composeImages = [...readFileSync(join(root, 'compose.yaml'), 'utf8').matchAll(/^\s+image: (\S+)/gm)].map((m) => m[1]!).filter((image) => !image.startsWith('radio-hub:'));

  it('pins every base by digest: Renovate adds the digests (pinDigests), none is written by hand', () => {
    expect(renovate.packageRules).toContainEqual(expect.objectContaining({ matchDatasources: ['docker'], pinDigests: true }));
    expect(bases).toEqual(expect.arrayContaining(['node:24-trixie-slim', 'debian:trixie-slim']));
    expect(composeImages).toEqual(expect.arrayContaining(['redis:8', 'nginx:1.28']));
    // A digest in a file is one Renovate wrote: a full sha256, never a shortened or made-up form.
    for (const image of [...bases, ...composeImages]) if (image.includes('@')) expect(image).toMatch(/@sha256:[0-9a-f]{64}$/);
  });

  it('leaves the fallback uWS build out of the runtime image, and builds without any install script', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/npm ci --omit=dev --ignore-scripts \\\n\s+&& rm -rf node_modules\/uWebSockets\.js-fallback/);
    expect(runtime).toContain('test ! -e node_modules/uWebSockets.js-fallback');
    expect(dockerfile).toContain('RUN npm ci --ignore-scripts && npm run build');
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
