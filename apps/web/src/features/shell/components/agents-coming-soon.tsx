import { BotIcon, WorkflowIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SlotHeader } from './slot-header';

/** Slot 6 until the workflow service lands (a later issue): an honest 'coming soon'. */
export function AgentsComingSoon() {
  const { t } = useTranslation('shell');
  const reasonId = useId();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <SlotHeader title={t('apps.agents')} tagline={t('agents.tagline')}>
        <Badge variant="secondary">{t('agents.comingSoon')}</Badge>
      </SlotHeader>
      <div className="glass flex flex-col items-center gap-4 rounded-2xl p-8 text-center">
        <div aria-hidden="true" className="flex gap-3 text-primary">
          <BotIcon className="size-8" />
          <WorkflowIcon className="size-8" />
        </div>
        <p id={reasonId} className="max-w-md text-muted-foreground">
          {t('agents.reason')}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button disabled aria-describedby={reasonId}>
            {t('agents.viewAgents')}
          </Button>
          <Button variant="outline" disabled aria-describedby={reasonId}>
            {t('agents.createFlow')}
          </Button>
        </div>
      </div>
    </section>
  );
}
