import { KeyRoundIcon, DownloadIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '@/lib/notify';
import { generateSshKeyPair } from '../lib/ssh-keygen';
import { sshKeyIssues } from '../lib/wizard-payload';

export interface GeneratedKey {
  /** An object URL of the private key file; revoked when replaced or when the wizard goes. */
  url: string | null;
  generating: boolean;
  /** Makes a pair and keeps its private key for download; resolves to the public key line. */
  generate: (containerName: string) => Promise<string | null>;
}

/**
 * The private key of the last generated pair, as a download. It lives with the wizard (not the
 * step), so going Back and forth keeps it, and closing the wizard revokes it.
 */
export function useGeneratedKey(): GeneratedKey {
  const [url, setUrl] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);

  async function generate(containerName: string) {
    setGenerating(true);
    try {
      const pair = await generateSshKeyPair(`${containerName || 'container'}@nuvem`);
      // Closed while generating: no one can download it, so make no URL that would never be revoked.
      if (!mounted.current) return null;
      setUrl(URL.createObjectURL(new Blob([pair.privateKey], { type: 'application/x-pem-file' })));
      return pair.publicKey;
    } catch {
      notify.error('Failed to generate SSH key');
      return null;
    } finally {
      setGenerating(false);
    }
  }

  return { url, generating, generate };
}

export function WizardSshKeysField({
  value,
  onChange,
  onAppend,
  containerName,
  generatedKey,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Adds a line after the current text (read when the key is ready, not when asked for). */
  onAppend: (line: string) => void;
  containerName: string;
  generatedKey: GeneratedKey;
}) {
  const id = useId();
  const issues = sshKeyIssues(value);

  async function handleGenerate() {
    const publicKey = await generatedKey.generate(containerName);
    if (publicKey) onAppend(publicKey);
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={`${id}-keys`}>SSH Public Keys</Label>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void handleGenerate()}
          disabled={generatedKey.generating}
          aria-busy={generatedKey.generating || undefined}
        >
          {generatedKey.generating ? (
            <Loader2Icon aria-hidden="true" className="animate-spin" />
          ) : (
            <KeyRoundIcon aria-hidden="true" />
          )}
          Generate SSH Key
        </Button>
      </div>
      <Textarea
        id={`${id}-keys`}
        name="ssh_keys"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="ssh-ed25519 AAAA… you@laptop"
        spellCheck={false}
        autoCapitalize="none"
        className="font-mono text-xs break-all"
        aria-invalid={issues.length > 0 ? true : undefined}
        aria-describedby={issues.length > 0 ? `${id}-hint ${id}-issues` : `${id}-hint`}
        data-autofocus=""
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        One key per line (OpenSSH format).
      </p>
      <div id={`${id}-issues`} aria-live="polite" className="flex flex-col gap-0.5 text-xs text-destructive">
        {issues.map((issue) => (
          <p key={issue}>{issue}</p>
        ))}
      </div>
      {generatedKey.url && (
        <div className="flex flex-col gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-xs">
          <p className="flex items-start gap-2">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>
              The private key is shown only once and is not stored anywhere: download it now and keep it safe. Its
              public key has been added above.
            </span>
          </p>
          <a
            href={generatedKey.url}
            download={`id_ed25519_${containerName || 'container'}`}
            className="inline-flex items-center gap-1.5 self-start font-medium text-primary underline-offset-4 hover:underline"
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
            Download Private Key
          </a>
        </div>
      )}
    </div>
  );
}
