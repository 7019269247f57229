import { MAX_STARTUP_SCRIPT_BYTES } from '@nuvem/contracts/containers';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { findStartupTemplate, startupTemplates } from '../lib/startup-templates';
import { formatKiB, startupScriptIssue, utf8Bytes } from '../lib/wizard-payload';
import { WizardTemplatePicker } from './wizard-template-picker';

export function WizardStartupScriptField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const issue = startupScriptIssue(value);
  const bytes = utf8Bytes(value);

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={`${id}-script`}>Startup Script</Label>
        <WizardTemplatePicker
          label="Startup script template"
          templates={startupTemplates}
          onPick={(templateId) => {
            const template = findStartupTemplate(templateId);
            if (template) onChange(template.script);
          }}
        />
      </div>
      <Textarea
        id={`${id}-script`}
        name="startup_script"
        rows={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={'#!/usr/bin/env bash\nset -euo pipefail\n…'}
        spellCheck={false}
        autoCapitalize="none"
        wrap="off"
        className="font-mono text-xs"
        aria-invalid={issue ? true : undefined}
        aria-describedby={`${id}-hint ${id}-issue`}
      />
      <p id={`${id}-hint`} className="flex flex-wrap justify-between gap-x-2 text-xs text-muted-foreground">
        <span>Runs once as root when the container first starts (bash).</span>
        {bytes > 0 && (
          <span>
            {formatKiB(bytes)} of {MAX_STARTUP_SCRIPT_BYTES / 1024} KiB
          </span>
        )}
      </p>
      <p id={`${id}-issue`} aria-live="polite" className="text-xs text-destructive">
        {issue}
      </p>
    </div>
  );
}
