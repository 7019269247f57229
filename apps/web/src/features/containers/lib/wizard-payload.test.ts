import { MAX_STARTUP_SCRIPT_BYTES } from '@nuvem/contracts/containers';
import { describe, expect, it } from 'vitest';
import {
  buildCreatePayload,
  canCreate,
  checkEnvironment,
  estimatedMonthlyCost,
  fallbackTemplateOptions,
  formatMonthlyCost,
  formatResources,
  nameIssue,
  parseEnvironment,
  parseSshKeys,
  rootPasswordIssue,
  sshKeyIssues,
  startupScriptIssue,
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
  templateId: '',
  sshKeys: '',
  environment: '',
  startupScript: '',
  rootPassword: '',
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
    expect(buildCreatePayload({ ...empty, startupScript: '  \n', sshKeys: '\n \n', environment: 'X=' })).toEqual({
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
        templateId: 'nodejs-18',
        sshKeys: `  ${key}  \n\n`,
        environment: 'A=1\nB=two',
        startupScript: '#!/bin/bash\necho hi\n',
        rootPassword: 'correct horse',
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

  it('formats resources and cost as the cards show them', () => {
    expect(formatResources(summaryTier('small'))).toBe('1 vCPU · 1GB RAM · 10GB disk');
    expect(formatResources(summaryTier('large'))).toBe('2 vCPU · 4GB RAM · 100GB disk');
    expect(formatMonthlyCost(5)).toBe('$5/month');
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
  it('wants a name starting with a letter, at most 63 characters', () => {
    expect(nameIssue('')).toBeNull();
    expect(nameIssue('web-1')).toBeNull();
    expect(nameIssue('1web')).toBe('Must start with a letter');
    expect(nameIssue('-web')).toBe('Must start with a letter');
    expect(nameIssue('a'.repeat(63))).toBeNull();
    expect(nameIssue('a'.repeat(64))).toBe('At most 63 characters');
  });

  it('names each line that is not an OpenSSH public key', () => {
    expect(sshKeyIssues(`${ed25519Line(2)}\n\n${ed25519Line(3, '')}`)).toEqual([]);
    expect(sshKeyIssues(`${ed25519Line(2)}\n\nnot a key\nssh-rsa AAAA`)).toEqual([
      'Line 3 is not a valid OpenSSH public key',
      'Line 4 is not a valid OpenSSH public key',
    ]);
    expect(sshKeyIssues(Array.from({ length: 21 }, (_, i) => ed25519Line(i)).join('\n'))).toEqual(['At most 20 keys']);
  });

  it('refuses variable names the server refuses and reports lines it will not send', () => {
    expect(checkEnvironment('GOOD=1\n1BAD=2\nMY-VAR=3\nnoequals\nEMPTY=\n# comment')).toEqual({
      errors: ['Line 2: 1BAD is not a valid variable name', 'Line 3: MY-VAR is not a valid variable name'],
      ignored: [4, 5],
    });
  });

  it('limits the startup script to 64 KiB of UTF-8', () => {
    expect(startupScriptIssue('x'.repeat(MAX_STARTUP_SCRIPT_BYTES))).toBeNull();
    expect(startupScriptIssue('é'.repeat(MAX_STARTUP_SCRIPT_BYTES / 2 + 1))).toBe(
      'The script is 64.1 KiB; the limit is 64 KiB',
    );
  });

  it('wants an empty root password or one of 8 to 128 characters', () => {
    expect(rootPasswordIssue('')).toBeNull();
    expect(rootPasswordIssue('1234567')).toBe('At least 8 characters');
    expect(rootPasswordIssue('12345678')).toBeNull();
    expect(rootPasswordIssue('x'.repeat(129))).toBe('At most 128 characters');
  });

  it('allows Create only when every field is acceptable', () => {
    expect(canCreate(empty)).toBe(true);
    expect(canCreate({ ...empty, name: '' })).toBe(false);
    expect(canCreate({ ...empty, sshKeys: 'nope' })).toBe(false);
    expect(canCreate({ ...empty, environment: '9X=1' })).toBe(false);
    expect(canCreate({ ...empty, rootPassword: 'short' })).toBe(false);
    expect(canCreate({ ...empty, environment: 'ignored line' })).toBe(true);
  });
});
