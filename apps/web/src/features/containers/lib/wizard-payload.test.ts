import { MAX_SSH_KEYS } from '@nuvem/contracts/containers';
import { describe, expect, it } from 'vitest';
import {
  buildCreatePayload,
  environmentProblems,
  estimatedMonthlyCost,
  fallbackTemplateOptions,
  kibibytes,
  parseEnvironment,
  parseSshKeys,
  sshKeyProblems,
  summaryTier,
  templateName,
  toTemplateOptions,
  toTierOptions,
  type WizardValues,
} from './wizard-payload';

/** A well-formed ssh-ed25519 line: string("ssh-ed25519") + string(32 bytes). */
function ed25519Line(fill: number, comment = 'me@laptop') {
  const blob = new Uint8Array(4 + 11 + 4 + 32);
  const view = new DataView(blob.buffer);
  view.setUint32(0, 11);
  blob.set(new TextEncoder().encode('ssh-ed25519'), 4);
  view.setUint32(15, 32);
  blob.fill(fill, 19);
  return `ssh-ed25519 ${btoa(String.fromCharCode(...blob))} ${comment}`;
}

const empty: WizardValues = {
  name: 'web',
  tier: 'small',
  template_id: '',
  ssh_keys: '',
  environment: '',
  startup_script: '',
  root_password: '',
};

describe('parseSshKeys', () => {
  it('splits by line, trims and drops blank lines', () => {
    expect(parseSshKeys('  a b c  \r\n\n   \n d e \n')).toEqual(['a b c', 'd e']);
    expect(parseSshKeys('')).toEqual([]);
  });
});

describe('parseEnvironment', () => {
  it('keeps KEY=value lines with both sides around the first "="', () => {
    expect(
      parseEnvironment(
        ['NODE_ENV=production', ' PORT = 3000 ', 'URL=postgres://x?a=b', 'EMPTY=', '=orphan', 'NOEQUALS', ''].join(
          '\n',
        ),
      ),
    ).toEqual({ NODE_ENV: 'production', PORT: '3000', URL: 'postgres://x?a=b' });
  });

  it('skips comments and lets a later key win', () => {
    expect(parseEnvironment('# A=1\nA=2\nA=3')).toEqual({ A: '3' });
  });
});

describe('buildCreatePayload', () => {
  it('sends only name, tier and template when nothing else is filled', () => {
    expect(buildCreatePayload({ ...empty, startup_script: '  \n', ssh_keys: '\n \n', environment: 'X=' })).toEqual({
      name: 'web',
      tier: 'small',
      template_id: '',
    });
  });

  it('sends keys, environment, script and password when given', () => {
    const key = ed25519Line(1);
    expect(
      buildCreatePayload({
        name: 'api',
        tier: 'large',
        template_id: 'nodejs-18',
        ssh_keys: `  ${key}  \n\n`,
        environment: 'A=1\nB=two',
        startup_script: '#!/bin/bash\necho hi\n',
        root_password: 'correct horse',
      }),
    ).toEqual({
      name: 'api',
      tier: 'large',
      template_id: 'nodejs-18',
      ssh_keys: [key],
      environment: { A: '1', B: 'two' },
      startup_script: '#!/bin/bash\necho hi\n',
      root_password: 'correct horse',
    });
  });
});

describe('tiers, templates and cost', () => {
  it('falls back to small for the summary and the estimate', () => {
    expect(summaryTier('huge').id).toBe('small');
    expect(summaryTier(undefined).id).toBe('small');
    expect(estimatedMonthlyCost('medium')).toBe(10);
    expect(estimatedMonthlyCost('large')).toBe(20);
    expect(estimatedMonthlyCost('nope')).toBe(5);
  });

  it("uses the server's catalogue when it has one, else the contract's", () => {
    const server = toTierOptions([{ id: 'small', cpu: 2, memory_gb: 3, disk_gb: 40, monthly_usd: 7 }]);
    expect(estimatedMonthlyCost('small', server)).toBe(7);
    expect(toTierOptions(undefined).map((t) => t.id)).toEqual(['small', 'medium', 'large']);
    expect(
      toTemplateOptions([
        { id: 'docker', name: 'Docker CE' },
        { id: 'cobol', name: 'COBOL' },
      ]),
    ).toEqual([{ id: 'docker', name: 'Docker CE' }]);
    expect(toTemplateOptions(undefined)).toBe(fallbackTemplateOptions);
    expect(templateName('')).toBe('Ubuntu 24.04');
    expect(templateName('go-1.21')).toBe('Go 1.21');
  });
});

describe('field checks', () => {
  it('names each line that is not an OpenSSH public key, and counts keys against the contract', () => {
    expect(sshKeyProblems(`${ed25519Line(2)}\n\n${ed25519Line(3, '')}`)).toEqual({ invalidLines: [], tooMany: false });
    expect(sshKeyProblems(`${ed25519Line(2)}\n\nnot a key\nssh-rsa AAAA`)).toEqual({
      invalidLines: [3, 4],
      tooMany: false,
    });
    const keys = (n: number) => Array.from({ length: n }, (_, i) => ed25519Line(i)).join('\n');
    expect(sshKeyProblems(keys(MAX_SSH_KEYS)).tooMany).toBe(false);
    expect(sshKeyProblems(keys(MAX_SSH_KEYS + 1)).tooMany).toBe(true);
  });

  it('refuses variable names the server refuses and reports lines it will not send', () => {
    expect(environmentProblems('GOOD=1\n1BAD=2\nMY-VAR=3\nnoequals\nEMPTY=\n# comment')).toEqual({
      badKeys: [
        { line: 2, key: '1BAD' },
        { line: 3, key: 'MY-VAR' },
      ],
      longValues: [],
      tooMany: false,
      ignored: [4, 5],
    });
  });

  it('rounds sizes up to a tenth of a KiB', () => {
    expect(kibibytes(1024)).toBe(1);
    expect(kibibytes(1025)).toBe(1.1);
    expect(kibibytes(64 * 1024 + 2)).toBe(64.1);
  });
});
