import { useTranslation } from 'react-i18next';

/**
 * A native select that fills a field from a template, then returns to its prompt so the same
 * template can be picked again (fresh secrets each time). Native: every keyboard, screen reader
 * and phone picker handles it.
 */
export function WizardTemplatePicker({
  label,
  templates,
  onPick,
}: {
  /** The accessible name, e.g. 'Environment template'. */
  label: string;
  templates: readonly { id: string; name: string }[];
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation('containers');
  return (
    <select
      aria-label={label}
      value=""
      onChange={(event) => {
        if (event.target.value) onPick(event.target.value);
      }}
      className="h-8 max-w-full cursor-pointer rounded-md border border-input bg-glass px-2 text-xs shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&>option]:bg-popover [&>option]:text-popover-foreground"
    >
      <option value="">{t('wizard.pickTemplate')}</option>
      {templates.map((template) => (
        <option key={template.id} value={template.id}>
          {template.name}
        </option>
      ))}
    </select>
  );
}
