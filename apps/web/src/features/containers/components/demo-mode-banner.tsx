import { FlaskConicalIcon } from 'lucide-react';

/** Shown when the server's container driver is 'demo': nothing the user does here touches a real LXD host. */
export function DemoModeBanner() {
  return (
    <div
      role="note"
      aria-label="Demo mode"
      className="flex items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p>
        <strong>Demo mode</strong> — containers are simulated inside the portal; set{' '}
        <code className="font-mono text-xs">CONTAINER_DRIVER=lxd</code> to manage real LXD instances.
      </p>
    </div>
  );
}
