import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startLocalStack } from '../../src/local/stack.js';
import { client, login } from '../support/client.js';

it('keeps every record across a restart of the local stack', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'attain-persist-'));
  try {
    // Each step is told as it starts (`npm start` prints them), from the emulators to the web server.
    const steps: string[] = [];
    const first = await startLocalStack({ port: 0, dataDir: dir, seed: true, host: '127.0.0.1', onStep: (s) => steps.push(s) });
    expect(steps[0]).toMatch(/^Starting DynamoDB Local/);
    expect(steps).toContain('Computing attainment results');
    expect(steps.at(-1)).toBe('Starting the web server');
    expect(steps.length).toBeGreaterThanOrEqual(8);
    const token = await login(first.url, first.adminEmail, first.adminPassword);
    const api = client(first.url, token);
    const made = await api.post('/api/department', { name: 'Mechanical Engineering', short_name: 'ME' });
    expect(made.status).toBe(201);
    expect((await api.patch('/api/auth/profile', { first_name: 'Lakshmi' })).status).toBe(200);
    await first.stop();

    const second = await startLocalStack({ port: 0, dataDir: dir, seed: true, host: '127.0.0.1' });
    expect(second.adminPassword).toBe(first.adminPassword);
    expect(second.generatedPassword).toBe(false);
    const again = client(second.url, await login(second.url, second.adminEmail, second.adminPassword));
    const names = (await again.get('/api/department')).body.data.map((d: { short_name: string }) => d.short_name);
    expect(names.sort()).toEqual(['CSE', 'ME']);
    expect((await again.get('/api/auth/profile')).body.data.first_name).toBe('Lakshmi');
    // The token of before the restart still works: the local issuer does not change with the emulator's port.
    expect((await client(second.url, token).get('/api/department')).status).toBe(200);
    await second.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
