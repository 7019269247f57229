import type { Container } from '@nuvem/contracts/containers';

type SshFields = Pick<Container, 'ssh_command' | 'ip_address'>;

/**
 * The container's SSH command, or null while it has no address. With no address and no SSH
 * gateway the server's command names the portal's own host (its fallback, e.g. `ssh
 * root@127.0.0.1`), which never reaches the container, so it is not shown. Through a gateway
 * (`ssh -J gateway root@instance`) the command works without the address.
 */
export function sshCommandOf(container: SshFields): string | null {
  if (container.ip_address) return container.ssh_command;
  return /(^|\s)-J\s/.test(container.ssh_command) ? container.ssh_command : null;
}

/** What stands in for a missing command: the address is on its way (starting, running), or there is none (stopped). */
export function missingAddressKey(status: Container['status']): 'ssh.addressPending' | 'ssh.noAddress' {
  return status === 'running' || status === 'starting' ? 'ssh.addressPending' : 'ssh.noAddress';
}
