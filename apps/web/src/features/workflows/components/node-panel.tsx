import {
  DEFAULT_ACTION,
  execConfigSchema,
  flowEdgeInputSchema,
  flowLimits,
  flowNodeInputSchema,
  postConfigSchema,
  prepConfigSchema,
  type ExecConfig,
  type PostConfig,
  type PrepConfig,
} from '@nuvem/contracts/workflows';
import { Trash2Icon, XIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { issueMessage } from '@/lib/forms';
import type { BuilderEdge, BuilderNode, BuilderNodeData } from '../lib/flow-payload';

export interface NodePanelProps {
  node: BuilderNode;
  /** The name of the node's agent. */
  agentName: string;
  /** Every node of the flow, to name the connections and offer the next ones. */
  nodes: readonly BuilderNode[];
  /** The connections that leave this node. */
  outgoing: readonly BuilderEdge[];
  onChange: (patch: Partial<BuilderNodeData>) => void;
  onEdgeAction: (edgeId: string, action: string) => void;
  onRemoveEdge: (edgeId: string) => void;
  onConnect: (targetId: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** The number typed, or undefined when the box is empty. */
function numberOrUndefined(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text);
}

/**
 * The side panel of the selected node (beyond the spec): its name, prep template, exec
 * instructions, retries, wait, timeout and fallback, post output key and action, its connections
 * with their actions, and a way to connect it from the keyboard. Each value is checked by the
 * contract's own rule as it is typed.
 */
export function NodePanel({
  node,
  agentName,
  nodes,
  outgoing,
  onChange,
  onEdgeAction,
  onRemoveEdge,
  onConnect,
  onRemove,
  onClose,
}: NodePanelProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const { t: formT } = useTranslation();
  const headingId = useId();
  const { data } = node;

  /** The first problem `schema` finds in `value`, in words. */
  const problem = (schema: z.ZodType, value: unknown, pattern?: 'pattern' | 'storeKey'): string | undefined => {
    if (value === undefined) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return undefined;
    const [issue] = result.error.issues;
    if (!issue) return undefined;
    if (issue.code === 'invalid_format' && pattern) return t(`panel.${pattern}`);
    return issueMessage(formT, issue);
  };

  const setPrep = (patch: Partial<PrepConfig>) => onChange({ prep: { ...data.prep, ...patch } });
  const setExec = (patch: Partial<ExecConfig>) => onChange({ exec: { ...data.exec, ...patch } });
  const setPost = (patch: Partial<PostConfig>) => onChange({ post: { ...data.post, ...patch } });
  const nameOf = (id: string) => nodes.find((other) => other.id === id)?.data.label ?? id;
  const targets = nodes.filter((other) => !outgoing.some((edge) => edge.target === other.id));

  return (
    <aside
      aria-labelledby={headingId}
      data-testid="node-panel"
      className="glass grid content-start gap-4 rounded-xl p-4 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={headingId} className="font-semibold">
            {t('panel.title')}
          </h3>
          <p className="text-xs text-muted-foreground">{t('panel.agent', { name: agentName })}</p>
        </div>
        <Button variant="ghost" size="icon" aria-label={t('panel.close')} onClick={onClose}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>

      <FormField label={t('panel.name')} error={problem(flowNodeInputSchema.shape.name, data.label)}>
        {(control) => (
          <Input
            {...control}
            value={data.label}
            maxLength={flowLimits.nodeNameMax}
            onChange={(event) => onChange({ label: event.target.value })}
          />
        )}
      </FormField>

      <Section title={t('panel.prep')}>
        <FormField
          label={t('panel.template')}
          hint={t('panel.templateHint', { inputToken: '{{input}}', storeToken: '{{store.key}}' })}
          error={problem(prepConfigSchema.shape.template, data.prep.template)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={data.prep.template ?? ''}
              maxLength={flowLimits.textMax}
              className="font-mono text-xs"
              onChange={(event) => setPrep({ template: event.target.value || undefined })}
            />
          )}
        </FormField>
      </Section>

      <Section title={t('panel.exec')}>
        <FormField
          label={t('panel.instructions')}
          error={problem(execConfigSchema.shape.instructions, data.exec.instructions)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={data.exec.instructions ?? ''}
              maxLength={flowLimits.textMax}
              onChange={(event) => setExec({ instructions: event.target.value || undefined })}
            />
          )}
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            label={t('panel.maxRetries')}
            value={data.exec.max_retries}
            min={0}
            max={flowLimits.retriesMax}
            error={problem(execConfigSchema.shape.max_retries, data.exec.max_retries)}
            onChange={(value) => setExec({ max_retries: value })}
          />
          <NumberField
            label={t('panel.retryWait')}
            value={data.exec.retry_wait_ms}
            min={0}
            max={flowLimits.retryWaitMaxMs}
            step={100}
            error={problem(execConfigSchema.shape.retry_wait_ms, data.exec.retry_wait_ms)}
            onChange={(value) => setExec({ retry_wait_ms: value })}
          />
          <NumberField
            label={t('panel.timeout')}
            value={data.exec.timeout_ms}
            min={100}
            max={flowLimits.stepTimeoutMaxMs}
            step={100}
            error={problem(execConfigSchema.shape.timeout_ms, data.exec.timeout_ms)}
            onChange={(value) => setExec({ timeout_ms: value })}
          />
        </div>
        <FormField
          label={t('panel.fallback')}
          hint={t('panel.fallbackHint')}
          error={problem(execConfigSchema.shape.fallback, data.exec.fallback)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={data.exec.fallback ?? ''}
              maxLength={flowLimits.textMax}
              onChange={(event) => setExec({ fallback: event.target.value || undefined })}
            />
          )}
        </FormField>
      </Section>

      <Section title={t('panel.post')}>
        <FormField
          label={t('panel.outputKey')}
          hint={t('panel.outputKeyHint')}
          error={problem(postConfigSchema.shape.output_key, data.post.output_key, 'storeKey')}
        >
          {(control) => (
            <Input
              {...control}
              value={data.post.output_key ?? ''}
              className="font-mono"
              onChange={(event) => setPost({ output_key: event.target.value || undefined })}
            />
          )}
        </FormField>
        <FormField
          label={t('panel.action')}
          hint={t('panel.actionHint')}
          error={problem(postConfigSchema.shape.action, data.post.action, 'pattern')}
        >
          {(control) => (
            <Input
              {...control}
              value={data.post.action ?? ''}
              className="font-mono"
              onChange={(event) => setPost({ action: event.target.value || undefined })}
            />
          )}
        </FormField>
      </Section>

      <Section title={t('panel.connections')}>
        {outgoing.length === 0 ? (
          <p className="text-muted-foreground">{t('panel.noConnections')}</p>
        ) : (
          <ul className="grid gap-2">
            {outgoing.map((edge) => {
              const target = nameOf(edge.target);
              const action = edge.data?.action ?? '';
              return (
                <li key={edge.id} className="flex items-end gap-2">
                  <FormField
                    className="min-w-0 flex-1"
                    label={t('panel.edgeAction', { name: target })}
                    error={problem(flowEdgeInputSchema.shape.action, action || undefined, 'pattern')}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={action}
                        placeholder={DEFAULT_ACTION}
                        className="font-mono"
                        onChange={(event) => onEdgeAction(edge.id, event.target.value)}
                      />
                    )}
                  </FormField>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('panel.removeEdge', { name: target })}
                    onClick={() => onRemoveEdge(edge.id)}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {targets.length > 0 && (
          <FormField label={t('panel.connectTo')}>
            {(control) => (
              <Select value="" onValueChange={(value) => value && onConnect(value)}>
                <SelectTrigger id={control.id} aria-describedby={control['aria-describedby']}>
                  <SelectValue placeholder={t('panel.connectPlaceholder')} />
                </SelectTrigger>
                <SelectContent>
                  {targets.map((other) => (
                    <SelectItem key={other.id} value={other.id}>
                      {other.id === node.id ? `${other.data.label} ↺` : other.data.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        )}
      </Section>

      <div>
        <Button variant="outline" size="sm" onClick={onRemove}>
          <Trash2Icon aria-hidden="true" />
          {t('panel.remove')}
        </Button>
      </div>
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="grid gap-3 border-t border-glass-border pt-3">
      <h4 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </h4>
      {children}
    </div>
  );
}

function NumberField({
  label,
  value,
  min,
  max,
  step = 1,
  error,
  onChange,
}: {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  step?: number;
  error: string | undefined;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={value === undefined || Number.isNaN(value) ? '' : String(value)}
          onChange={(event) => onChange(numberOrUndefined(event.target.value))}
        />
      )}
    </FormField>
  );
}
