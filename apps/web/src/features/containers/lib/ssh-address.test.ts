import { describe, expect, it } from 'vitest';
import { missingAddressKey, sshCommandOf } from './ssh-address';

describe('sshCommandOf', () => {
  it('gives the command once the container has an address', () => {
    expect(sshCommandOf({ ssh_command: 'ssh root@10.0.0.5', ip_address: '10.0.0.5' })).toBe('ssh root@10.0.0.5');
  });

  it("hides the portal host's fallback while the address is pending", () => {
    expect(sshCommandOf({ ssh_command: 'ssh root@127.0.0.1', ip_address: null })).toBeNull();
    expect(sshCommandOf({ ssh_command: 'ssh root@portal.example.com', ip_address: null })).toBeNull();
  });

  it('keeps a command through an SSH gateway, which needs no address', () => {
    expect(sshCommandOf({ ssh_command: 'ssh -J gw.example.com root@nuvem-ctr-1', ip_address: null })).toBe(
      'ssh -J gw.example.com root@nuvem-ctr-1',
    );
  });

  it('says pending for a container coming up, and no address for one that is not running', () => {
    expect(missingAddressKey('running')).toBe('ssh.addressPending');
    expect(missingAddressKey('starting')).toBe('ssh.addressPending');
    expect(missingAddressKey('stopped')).toBe('ssh.noAddress');
    expect(missingAddressKey('error')).toBe('ssh.noAddress');
  });
});
