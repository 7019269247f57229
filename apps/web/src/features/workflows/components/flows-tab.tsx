import { type Agent, type Flow } from '@nuvem/contracts/workflows';
import { ReactFlowProvider } from '@xyflow/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-footer';
import { notify } from '@/lib/notify';
import { useDeleteFlow } from '../api/delete-flow';
import { flowToBuilder } from '../lib/flow-payload';
import { AgentPalette } from './agent-palette';
import { ExecuteDialog } from './execute-dialog';
import { FlowCanvas } from './flow-canvas';
import { FlowToolbar } from './flow-toolbar';
import { FlowsList } from './flows-list';
import { NodeInspector } from './node-inspector';
import { RunPanel } from './run-panel';
import { useFlowAddress } from './use-flow-address';
import { useFlowCanvas } from './use-flow-canvas';
import { emptyDocument, useFlowDraft, type FlowDocument, type SavedFlowRef } from './use-flow-draft';
import { useFlowExecute } from './use-flow-execute';
import { useFlowSave } from './use-flow-save';

export interface FlowsTabProps {
  agents: readonly Agent[];
  flows: readonly Flow[];
  /** Whose builder this is: the canvas left on another tab is kept for this user only. */
  userId?: string | undefined;
}

/** Spec 2, "Agents dashboard": the Flows tab, the visual builder (loaded with React Flow when the tab opens). */
export function FlowsTab(props: FlowsTabProps) {
  return (
    <ReactFlowProvider>
      <FlowBuilder {...props} />
    </ReactFlowProvider>
  );
}

/**
 * The builder: the agents to add (left), the flow's fields and the canvas with the selected node's
 * settings (middle), the runs, and the saved flows to reopen or delete. The flow being built lives
 * in `useFlowDraft`; saving, running, the canvas's own actions and the address each have their hook.
 */
function FlowBuilder({ agents, flows, userId }: FlowsTabProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const [announcement, setAnnouncement] = useState('');
  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const draft = useFlowDraft({ userId, flows });
  const canvas = useFlowCanvas(draft, { onAdded: (name) => setAnnouncement(t('builder.added', { name })) });
  const saving = useFlowSave(draft);
  const running = useFlowExecute({
    draft,
    save: saving.save,
    requireName: saving.requireName,
    onStarted: () => setAnnouncement(t('execute.started')),
  });
  const deleteFlow = useDeleteFlow();
  useFlowAddress({ flows, flowId: draft.flowId, restored: draft.restored, openFlow });

  function load(next: FlowDocument, saved: SavedFlowRef | null) {
    draft.replace(next, saved);
    saving.clearProblems();
  }

  function openFlow(flow: Flow) {
    load(flowToBuilder(flow, agents), { flowId: flow.id, executionId: flow.last_execution?.id ?? null });
    canvas.requestFit();
  }

  function newFlow() {
    load(emptyDocument(), null);
    saving.nameRef.current?.focus();
  }

  /** Runs `action` at once, or after the user agreed to lose the unsaved changes. */
  function guard(action: () => void) {
    if (draft.hasNodes && draft.dirty) setPendingDiscard(() => action);
    else action();
  }

  async function removeFlow(flow: Flow) {
    try {
      await deleteFlow.mutateAsync(flow.id);
      notify.success(t('flows.deleted'));
      if (flow.id === draft.flowId) draft.detach();
    } catch (error) {
      saving.reportProblem({ title: t('flows.deleteFailed'), error });
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <AgentPalette agents={agents} onAdd={canvas.addAgent} />
      </div>

      <div className="grid min-w-0 content-start gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <FlowToolbar draft={draft} saving={saving} onNewFlow={() => guard(newFlow)} onExecute={running.openExecute} />

        {/* On a wide screen the settings column is always there, so that selecting a node never
            narrows the canvas under the pointer (a node on its right would slide under the panel
            just as it was about to be connected); on a narrower one the panel opens below it. */}
        <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <FlowCanvas
            draft={draft}
            canvasRef={canvas.canvasRef}
            onConnect={canvas.onConnect}
            problemNodeId={saving.problemNodeId}
          />
          <NodeInspector agents={agents} draft={draft} canvas={canvas} />
        </div>

        <RunPanel flowId={draft.flowId} executionId={draft.executionId} onShowRun={draft.setExecutionId} />
      </div>

      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <FlowsList
          flows={flows}
          currentId={draft.flowId}
          onOpen={(flow) => guard(() => openFlow(flow))}
          onDelete={removeFlow}
          deleting={deleteFlow.isPending}
        />
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <ExecuteDialog
        open={running.executeOpen}
        onOpenChange={running.setExecuteOpen}
        flowName={draft.fields.name}
        willSave={running.willSave}
        onRun={running.run}
      />

      <ConfirmDeleteDialog
        open={pendingDiscard !== null}
        onOpenChange={(open) => !open && setPendingDiscard(null)}
        title={t('builder.discardTitle')}
        text={t('builder.discardText')}
        confirmLabel={t('builder.discardConfirm')}
        onConfirm={() => {
          pendingDiscard?.();
          setPendingDiscard(null);
        }}
      />
    </div>
  );
}
