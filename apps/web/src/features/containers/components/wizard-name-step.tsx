import { sanitizeContainerName, type ContainerTemplateId } from '@nuvem/contracts/containers';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { nameIssue, type TemplateOption } from '../lib/wizard-payload';
import { WizardChoiceCards } from './wizard-choice-cards';

export const NAME_HINT = 'Lowercase letters, numbers, and hyphens only';

const templateDescriptions: Record<ContainerTemplateId, string> = {
  '': 'Clean Ubuntu 24.04 LTS system',
  'nodejs-18': 'Node.js 18 with npm',
  'python-3.11': 'Python 3.11 with pip and venv',
  'go-1.21': 'Go 1.21 toolchain',
  'rust-latest': 'Latest stable Rust with Cargo',
  docker: 'Docker Engine with Compose',
};

/** Step 1: the name (sanitised as typed, spec §5) and the template. */
export function WizardNameStep({
  name,
  onNameChange,
  templateId,
  onTemplateChange,
  templates,
}: {
  name: string;
  onNameChange: (name: string) => void;
  templateId: ContainerTemplateId;
  onTemplateChange: (id: ContainerTemplateId) => void;
  templates: TemplateOption[];
}) {
  const id = useId();
  const issue = nameIssue(name);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>Container Name</Label>
        <Input
          id={`${id}-name`}
          name="name"
          value={name}
          onChange={(event) => onNameChange(sanitizeContainerName(event.target.value))}
          placeholder="my-container"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? `${id}-hint ${id}-issue` : `${id}-hint`}
          data-autofocus=""
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {NAME_HINT}
        </p>
        <p id={`${id}-issue`} aria-live="polite" className="text-xs text-destructive">
          {issue}
        </p>
      </div>
      <WizardChoiceCards
        legend="Template"
        name="template"
        value={templateId}
        onChange={onTemplateChange}
        options={templates.map((t) => ({ value: t.id, title: t.name, description: templateDescriptions[t.id] }))}
      />
    </div>
  );
}
