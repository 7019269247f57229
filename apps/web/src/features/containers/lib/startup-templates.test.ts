import { spawnSync } from 'node:child_process';
import { MAX_STARTUP_SCRIPT_BYTES } from '@nuvem/contracts/containers';
import { describe, expect, it } from 'vitest';
import { findStartupTemplate, startupTemplateIds, startupTemplates } from './startup-templates';

describe('startup-script templates', () => {
  it('offers the six templates of the spec', () => {
    expect(startupTemplates.map((t) => t.id)).toEqual([...startupTemplateIds]);
    expect(startupTemplateIds).toEqual(['nginx', 'docker', 'nodejs', 'python', 'devTools', 'database']);
    expect(findStartupTemplate('docker')?.script).toContain('docker-ce');
    expect(findStartupTemplate('cobol')).toBeUndefined();
  });

  it.each(startupTemplates.map((t) => [t.id, t.script] as const))(
    '%s is a strict, non-interactive bash script that bash can parse',
    (_id, script) => {
      const lines = script.split('\n');
      expect(lines[0]).toBe('#!/usr/bin/env bash');
      expect(lines[1]).toBe('set -euo pipefail');
      expect(script).toContain('export DEBIAN_FRONTEND=noninteractive');
      const installs = lines.filter((line) => /\bapt-get install\b/.test(line));
      expect(installs.length).toBeGreaterThan(0);
      for (const line of installs) expect(line).toMatch(/apt-get install -y /);
      // apt-get update precedes the first install.
      expect(script.indexOf('apt-get update')).toBeLessThan(script.indexOf('apt-get install'));
      expect(new TextEncoder().encode(script).length).toBeLessThan(MAX_STARTUP_SCRIPT_BYTES);

      const check = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
      expect(check.stderr).toBe('');
      expect(check.status).toBe(0);
    },
  );
});
