import { agentTypeColors, type AgentType } from '@nuvem/contracts/workflows';
import { BookOpenIcon, BotIcon, BriefcaseIcon, CodeIcon, MegaphoneIcon, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const icons: Record<AgentType | 'other', LucideIcon> = {
  rag: BookOpenIcon,
  business: BriefcaseIcon,
  development: CodeIcon,
  marketing: MegaphoneIcon,
  other: BotIcon,
};

/** One icon per agent type, in the type's colour (the minimap's, spec 2 section 4); decorative: the type is written beside it. */
export function AgentTypeIcon({ type, className }: { type: AgentType | 'other'; className?: string }) {
  const Icon = icons[type];
  return (
    <span
      aria-hidden="true"
      data-agent-type={type}
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-lg', className)}
      style={{ backgroundColor: `${agentTypeColors[type]}26`, color: agentTypeColors[type] }}
    >
      <Icon className="size-5" />
    </span>
  );
}
