import { CheckIcon, CopyIcon, EyeIcon, EyeOffIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notify } from '@/lib/notify';
import { generatePassword } from '../lib/random-secrets';
import { rootPasswordIssue } from '../lib/wizard-payload';

const COPIED_FEEDBACK_MS = 2000;

export function WizardRootPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const issue = rootPasswordIssue(value);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  function generate() {
    onChange(generatePassword());
    // A generated password is one the user has never seen: show it so it can be noted.
    setVisible(true);
    setCopied(false);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch {
      notify.error('Failed to copy password');
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${id}-password`}>Root Password</Label>
      <div className="flex flex-wrap gap-2">
        <div className="relative min-w-40 flex-1">
          <Input
            id={`${id}-password`}
            name="root_password"
            type={visible ? 'text' : 'password'}
            value={value}
            onChange={(event) => {
              onChange(event.target.value);
              setCopied(false);
            }}
            autoComplete="new-password"
            spellCheck={false}
            autoCapitalize="none"
            className="pr-10 font-mono"
            aria-invalid={issue ? true : undefined}
            aria-describedby={`${id}-hint ${id}-issue`}
          />
          <Button
            variant="ghost"
            size="icon"
            className="absolute top-0 right-0"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Hide password' : 'Show password'}
          >
            {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          </Button>
        </div>
        <Button variant="outline" onClick={generate} aria-label="Generate password">
          <RefreshCwIcon aria-hidden="true" />
          Generate
        </Button>
        <Button
          variant="outline"
          onClick={() => void copy()}
          disabled={value === ''}
          aria-label={copied ? 'Copied!' : 'Copy password'}
        >
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Optional. Leave empty for key-only access (SSH keys only).
      </p>
      <p id={`${id}-issue`} aria-live="polite" className="text-xs text-destructive">
        {issue}
      </p>
      <p aria-live="polite" className="sr-only">
        {copied ? 'Password copied to clipboard' : ''}
      </p>
    </div>
  );
}
