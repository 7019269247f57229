import { FlaskConicalIcon, InfoIcon } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Shown when the server's container driver is 'demo': says in plain words that these containers
 * are not real machines. How an operator switches to real ones is for operators only, so it sits
 * in a tooltip of the 'For operators' button (shown on hover and on keyboard focus; a tap toggles
 * it; Escape closes it).
 */
export function DemoModeBanner() {
  const { t } = useTranslation('containers');
  const [open, setOpen] = useState(false);
  return (
    <div
      role="note"
      aria-label={t('demo.label')}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p className="min-w-0 flex-1">
        <strong>{t('demo.title')}</strong> — {t('demo.text')}
      </p>
      <Tooltip.Provider delayDuration={150}>
        <Tooltip.Root open={open} onOpenChange={setOpen}>
          <Tooltip.Trigger asChild>
            <button
              type="button"
              onClick={() => setOpen((shown) => !shown)}
              className="inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <InfoIcon aria-hidden="true" className="size-3.5" />
              {t('demo.forOperators')}
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content
              side="bottom"
              align="end"
              sideOffset={6}
              collisionPadding={8}
              className="z-50 max-w-xs rounded-md border border-glass-border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-lg"
            >
              {t('demo.operators')}
              <Tooltip.Arrow className="fill-popover" />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
    </div>
  );
}
