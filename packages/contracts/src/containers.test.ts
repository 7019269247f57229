import { describe, expect, it } from 'vitest';
import { createContainerBodySchema, isOpenSshPublicKey, metricColour, sanitizeContainerName } from './containers';

// A real Ed25519 public key (generated for this test; no private key kept).
const ed25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPL6s+BD6u8ZTYi/nahcz9wIVsXPQkKR/Md88uIjahos dev@laptop';

describe('container rules', () => {
  it('sanitises a name as typed', () => {
    expect(sanitizeContainerName('My Web_App-01!')).toBe('mywebapp-01');
  });

  it('colours metrics: under 50 green, under 80 yellow, else red', () => {
    expect([0, 49.9, 50, 79.9, 80, 100].map(metricColour)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
  });

  it('accepts OpenSSH public keys and refuses anything else', () => {
    expect(isOpenSshPublicKey(ed25519)).toBe(true);
    expect(isOpenSshPublicKey('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPL6s+BD6u8ZTYi/nahcz9wIVsXPQkKR/Md88uIjahos')).toBe(
      true,
    );
    expect(isOpenSshPublicKey('ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIPL6s+BD6u8ZTYi/nahcz9wIVsXPQkKR/Md88uIjahos')).toBe(
      false,
    ); // type mismatch
    expect(isOpenSshPublicKey('ssh-ed25519 not-base64!')).toBe(false);
    expect(isOpenSshPublicKey('-----BEGIN OPENSSH PRIVATE KEY-----')).toBe(false);
    expect(isOpenSshPublicKey('')).toBe(false);
  });

  it('validates the creation payload and names the field', () => {
    expect(createContainerBodySchema.parse({ name: 'web-1' })).toMatchObject({
      name: 'web-1',
      tier: 'small',
      template_id: '',
    });
    const bad = createContainerBodySchema.safeParse({
      name: '1web',
      tier: 'huge',
      template_id: 'windows',
      ssh_keys: ['nope'],
      environment: { '1BAD': 'x' },
      startup_script: 'x'.repeat(64 * 1024 + 1),
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'tier', 'template_id', 'ssh_keys.0', 'environment.1BAD', 'startup_script']),
    );
  });
});
