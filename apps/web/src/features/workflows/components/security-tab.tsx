import type { SecurityEventsResponse } from '@nuvem/contracts/ai-security';
import { Card, CardContent } from '@/components/ui/card';
import { securityWindow } from '../api/workflow-keys';
import { fillDays } from '../lib/fill-days';
import { PromptCheck } from './prompt-check';
import { SecurityByType } from './security-by-type';
import { SecurityChart } from './security-chart';
import { SecurityPolicyCard } from './security-policy';
import { SecurityRecords } from './security-records';

export interface SecurityTabProps {
  events: SecurityEventsResponse;
  /** Newer records are on their way (after a blocked check): the older ones stay, dimmed. */
  refreshing?: boolean;
  /** Today, for the chart's days (tests). */
  now?: Date;
}

/**
 * The dashboard's Security tab: a prompt to check against the AI security layer, the deployment's
 * policy, the user's records of the last 30 days per day and per type, and the newest records.
 */
export function SecurityTab({ events, refreshing = false, now }: SecurityTabProps) {
  const days = fillDays(events.by_day, { days: securityWindow.days, now });
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-6">
          <PromptCheck />
          <SecurityPolicyCard />
        </div>
        <Card className="min-w-0">
          <CardContent className="grid gap-6 pt-6">
            <SecurityChart days={days} windowDays={securityWindow.days} busy={refreshing} />
            <SecurityByType rows={events.by_type} />
          </CardContent>
        </Card>
      </div>
      <SecurityRecords events={events.events} total={events.total} windowDays={securityWindow.days} busy={refreshing} />
    </div>
  );
}
