import { BotIcon, WorkflowIcon } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SlotHeader } from './slot-header';

/** Slot 6 until the workflow service lands (a later issue): an honest 'coming soon'. */
export function AgentsComingSoon() {
  const reasonId = useId();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <SlotHeader title="MLM Dashboard" tagline="AI Agents & Flow Orchestration">
        <Badge variant="secondary">Coming soon</Badge>
      </SlotHeader>
      <div className="glass flex flex-col items-center gap-4 rounded-2xl p-8 text-center">
        <div aria-hidden="true" className="flex gap-3 text-primary">
          <BotIcon className="size-8" />
          <WorkflowIcon className="size-8" />
        </div>
        <p id={reasonId} className="max-w-md text-muted-foreground">
          The agents dashboard and the visual flow builder are coming soon. They open here once the workflow service is
          available; until then there are no agents to view and no flows to create.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button disabled aria-describedby={reasonId}>
            View Agents
          </Button>
          <Button variant="outline" disabled aria-describedby={reasonId}>
            Create Flow
          </Button>
        </div>
      </div>
    </section>
  );
}
