import { defaultRateLimits, type Application } from '@nuvem/contracts/applications';
import { CheckIcon, CopyIcon, TerminalIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { env } from '@/config/env';
import { notify } from '@/lib/notify';
import { useApiKeys } from '../api/get-api-keys';
import { apiKeyStatus, formatCount, keyPrefixPreview, sortKeysByStatus } from '../lib/api-key-display';

/** Stands in for a key in the example when the application has none. */
export const PLACEHOLDER_KEY = 'nuv_your_key';
const COPIED_FOR_MS = 2000;

/** The container API's list address, absolute (the base may be configured as a path or a URL). */
export function containersUrl(origin: string = window.location.origin): string {
  return new URL(`${env.containerApiUrl.replace(/\/+$/, '')}/containers`, origin).href;
}

/** The example call: `curl -H "Authorization: Bearer <key>" <origin>/api/v1/containers`. */
export function curlCommand(key: string, url: string = containersUrl()): string {
  return `curl -H "Authorization: Bearer ${key}" ${url}`;
}

/**
 * 'Quick start': a working `curl` call to the container API with one of the application's active
 * keys. Only the key's prefix is known after creation, so the example shows the prefix and '…'
 * where the saved key goes.
 */
export function QuickStartPanel({ application }: { application: Application | undefined }) {
  const headingId = useId();
  const selectId = useId();
  const keys = useApiKeys(application?.id, false);
  const [chosenKeyId, setChosenKeyId] = useState<string | undefined>(undefined);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const now = keys.dataUpdatedAt;
  const active = sortKeysByStatus(keys.data ?? [], now).filter((k) => apiKeyStatus(k, now) === 'active');
  const selected = active.find((k) => k.id === chosenKeyId) ?? active[0];
  const command = curlCommand(selected ? keyPrefixPreview(selected.key_prefix) : PLACEHOLDER_KEY);

  const copy = () => {
    navigator.clipboard.writeText(command).then(
      () => setCopied(true),
      () => notify.error('Could not copy the command: the browser refused clipboard access'),
    );
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TerminalIcon aria-hidden="true" className="size-4" />
          <h2 id={headingId}>Quick start</h2>
        </CardTitle>
        <CardDescription>
          Programs call the container API with an API key sent as a bearer token; the key acts as you, within its scopes
          (read for GET requests, write for changes).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {active.length > 1 && (
          <div className="grid max-w-sm gap-2">
            <Label htmlFor={selectId}>Key for the example</Label>
            <Select value={selected?.id} onValueChange={setChosenKeyId}>
              <SelectTrigger id={selectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {active.map((k) => (
                  <SelectItem key={k.id} value={k.id}>
                    {k.name} ({k.key_prefix})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <div className="flex items-start gap-2">
          <pre
            aria-label="Example request"
            className="min-w-0 flex-1 overflow-x-auto rounded-md bg-glass-strong p-3 font-mono text-xs whitespace-pre-wrap break-all"
          >
            <code>{command}</code>
          </pre>
          <Button variant="outline" size="sm" onClick={copy} aria-label="Copy command">
            {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
            {copied ? 'Copied!' : 'Copy'}
          </Button>
          <span role="status" className="sr-only">
            {copied ? 'Copied!' : ''}
          </span>
        </div>
        {selected ? (
          <p className="text-sm text-muted-foreground">
            Replace <code className="font-mono">{keyPrefixPreview(selected.key_prefix)}</code> with the full key of{' '}
            {selected.name}: it was shown once, when the key was created. Lost it? Rotate the key in the API Keys tab.
          </p>
        ) : application && keys.isPending ? null : (
          <p className="text-sm text-muted-foreground">
            {application
              ? 'Generate an API key in the API Keys tab, then put it in place of nuv_your_key.'
              : 'Create an application and generate an API key for it, then put the key in place of nuv_your_key.'}
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {selected ? (
            <>
              This key is on the {selected.rate_limit_tier} tier (
              {formatCount(defaultRateLimits[selected.rate_limit_tier])} requests a minute by default):
            </>
          ) : (
            <>New keys start on the standard tier ({defaultRateLimits.standard} requests a minute by default):</>
          )}{' '}
          every reply carries <code className="font-mono">RateLimit-Limit</code>,{' '}
          <code className="font-mono">RateLimit-Remaining</code> and <code className="font-mono">RateLimit-Reset</code>{' '}
          headers, and beyond the limit the API answers 429 with <code className="font-mono">Retry-After</code>.
        </p>
      </CardContent>
    </Card>
  );
}
