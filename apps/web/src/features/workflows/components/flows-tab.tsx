import '@xyflow/react/dist/style.css';
import {
  agentTypeColors,
  flowBodySchema,
  flowLimits,
  workflowConstants,
  workflowMessages,
  type Agent,
  type Flow,
} from '@nuvem/contracts/workflows';
import { fieldLabel } from '@nuvem/contracts/common';
import {
  Background,
  BackgroundVariant,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type AriaLabelConfig,
  type Connection,
  type XYPosition,
} from '@xyflow/react';
import { FilePlusIcon, Loader2Icon, PlayIcon, SaveIcon } from 'lucide-react';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useAgentText } from '@/lib/agent-text';
import { ApiError } from '@/lib/api-client';
import { issueMessage } from '@/lib/forms';
import { notify } from '@/lib/notify';
import { useDeleteFlow } from '../api/delete-flow';
import { useExecuteFlow } from '../api/execute-flow';
import { useExecution } from '../api/get-execution';
import { WorkflowSecurityError } from '../api/mlm-request';
import { useSaveFlow } from '../api/save-flow';
import {
  agentNode,
  buildFlowPayload,
  edgeWithAction,
  flowToBuilder,
  newEdgeId,
  nodeNamedBy,
  startNodeOf,
  type BuilderEdge,
  type BuilderNode,
  type BuilderNodeData,
  type FlowExtras,
  type FlowFields,
} from '../lib/flow-payload';
import { freeRandomSpot } from '../lib/placement';
import { nodeRunStatuses } from '../lib/run-status';
import { AgentPalette } from './agent-palette';
import { ExecuteDialog } from './execute-dialog';
import { AgentNode, BuilderViewContext, type BuilderView } from './flow-node';
import { FlowsList } from './flows-list';
import { NodePanel } from './node-panel';
import { RunPanel } from './run-panel';
import { WorkflowError } from './workflow-error';

const nodeTypes = { agent: AgentNode };
/** Edges point the way the run goes. */
const edgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
const emptyFields: FlowFields = { name: '', description: '', maxSteps: '' };
const { grid, zoomMin, zoomMax, minimap } = workflowConstants;
/** A node's size on the canvas (`w-52` wide, about 72 px high) and the margin kept from the canvas's edges. */
const NODE_ROOM = { width: 208, height: 72, margin: 24 };
/** The search parameter that keeps the flow open in the builder across reloads (beside `app` and `tab`). */
export const FLOW_PARAM = 'flow';

export interface FlowsTabProps {
  agents: readonly Agent[];
  flows: readonly Flow[];
  /** Whose builder this is: the canvas left on another tab is kept for this user only. */
  userId?: string | undefined;
}

/** What was on the canvas when the builder last closed (another tab of the dashboard, another slot). */
interface BuilderDraft {
  userId: string | undefined;
  fields: FlowFields;
  extras: FlowExtras;
  nodes: BuilderNode[];
  edges: BuilderEdge[];
  flowId: string | null;
  savedPayload: string | null;
  executionId: string | null;
}
/** Kept in this page's memory only: a reload starts from the address (the saved flow). */
let keptDraft: BuilderDraft | null = null;

/** Spec 2, "Agents dashboard": the Flows tab, the visual builder (loaded with React Flow when the tab opens). */
export function FlowsTab(props: FlowsTabProps) {
  return (
    <ReactFlowProvider>
      <FlowBuilder {...props} />
    </ReactFlowProvider>
  );
}

type SaveResult = { ok: true; id: string } | { ok: false };

function FlowBuilder({ agents, flows, userId }: FlowsTabProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const { t: formT } = useTranslation();
  const reactFlow = useReactFlow<BuilderNode, BuilderEdge>();
  const agentText = useAgentText();
  const [searchParams, setSearchParams] = useSearchParams();
  // The canvas as this user left it on another tab, unless the address names another flow or the
  // flow it had open is gone.
  const [draft] = useState(() => {
    const kept = keptDraft;
    if (!kept || userId === undefined || kept.userId !== userId) return null;
    const named = searchParams.get(FLOW_PARAM);
    if (named !== kept.flowId && named !== null) return null;
    if (kept.flowId !== null && !flows.some((flow) => flow.id === kept.flowId)) return null;
    return kept;
  });
  const [nodes, setNodes, onNodesChange] = useNodesState<BuilderNode>(draft?.nodes ?? []);
  const [edges, setEdges, onEdgesChange] = useEdgesState<BuilderEdge>(draft?.edges ?? []);
  const [fields, setFields] = useState<FlowFields>(draft?.fields ?? emptyFields);
  const [extras, setExtras] = useState<FlowExtras>(draft?.extras ?? {});
  const [flowId, setFlowId] = useState<string | null>(draft?.flowId ?? null);
  /** The payload as last saved or opened: anything else is an unsaved change. */
  const [savedPayload, setSavedPayload] = useState<string | null>(draft?.savedPayload ?? null);
  const [nameMissing, setNameMissing] = useState(false);
  const [problem, setProblem] = useState<{ title: string; error: unknown } | null>(null);
  const [problemNodeId, setProblemNodeId] = useState<string | null>(null);
  const [executionId, setExecutionId] = useState<string | null>(draft?.executionId ?? null);
  const [executeOpen, setExecuteOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const [fitRequest, setFitRequest] = useState(draft && draft.nodes.length > 0 ? 1 : 0);
  const canvasRef = useRef<HTMLDivElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const saveFlow = useSaveFlow();
  const deleteFlow = useDeleteFlow();
  const executeFlow = useExecuteFlow();
  const execution = useExecution(executionId);
  const setFlowParam = useCallback(
    (id: string | null) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (id) params.set(FLOW_PARAM, id);
          else params.delete(FLOW_PARAM);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const payload = useMemo(() => buildFlowPayload(fields, nodes, edges, extras), [fields, nodes, edges, extras]);
  const payloadJson = JSON.stringify(payload);
  const dirty = payloadJson !== savedPayload;
  const hasNodes = nodes.length > 0;
  const selected = nodes.filter((node) => node.selected);
  const selectedNode = selected.length === 1 ? selected[0] : undefined;
  const view = useMemo<BuilderView>(
    () => ({
      runStatuses: nodeRunStatuses(execution.data),
      startNodeId: startNodeOf(nodes, edges, extras.startNodeId),
      problemNodeId,
    }),
    [execution.data, nodes, edges, extras.startNodeId, problemNodeId],
  );

  const ariaLabelConfig = useMemo<Partial<AriaLabelConfig>>(
    () => ({
      'node.a11yDescription.default': t('builder.a11y.nodeDescription'),
      'node.a11yDescription.keyboardDisabled': t('builder.a11y.nodeDescriptionKeyboard'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) =>
        t('builder.a11y.nodeMoved', { direction: directionName(t, direction), x, y }),
      'edge.a11yDescription.default': t('builder.a11y.edgeDescription'),
      'controls.ariaLabel': t('builder.a11y.controls'),
      'controls.zoomIn.ariaLabel': t('builder.a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('builder.a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('builder.a11y.fitView'),
      'controls.interactive.ariaLabel': t('builder.a11y.interactive'),
      'minimap.ariaLabel': t('builder.a11y.minimap'),
      'handle.ariaLabel': t('builder.a11y.handle'),
    }),
    [t],
  );

  // A reopened flow is brought into view once React Flow has placed its nodes.
  useEffect(() => {
    if (fitRequest === 0) return;
    const frame = requestAnimationFrame(() => void reactFlow.fitView({ padding: 0.2, maxZoom: 1 }));
    return () => cancelAnimationFrame(frame);
  }, [fitRequest, reactFlow]);

  // The flow the address names (a reload, a shared link) opens once, when the builder does; one
  // that is gone (deleted, another user's) leaves an empty builder, says so and drops out of the
  // address.
  const openFromAddress = useEffectEvent(() => {
    const wanted = searchParams.get(FLOW_PARAM);
    if (!wanted || draft) return;
    const flow = flows.find((candidate) => candidate.id === wanted);
    if (flow) openFlow(flow);
    else {
      setFlowParam(null);
      notify.error(t('flows.gone'));
    }
  });
  useEffect(() => openFromAddress(), []);

  // The address follows the flow open in the builder (after the first render, which reads it).
  const addressRead = useRef(false);
  useEffect(() => {
    if (!addressRead.current) {
      addressRead.current = true;
      return;
    }
    setFlowParam(flowId);
  }, [flowId, setFlowParam]);

  // What is on the canvas is kept when the builder closes (another tab, another slot).
  const latest = useRef<BuilderDraft | null>(null);
  latest.current = { userId, fields, extras, nodes, edges, flowId, savedPayload, executionId };
  useEffect(
    () => () => {
      if (latest.current?.userId !== undefined) keptDraft = latest.current;
    },
    [],
  );

  /**
   * Spec 2: a new node goes to a random place; here, inside the part of the canvas in view, above
   * the band of the zoom controls and the minimap, and clear of the other nodes, so no node or
   * connection dot is ever hidden under another.
   */
  function randomPosition(): XYPosition {
    const box = canvasRef.current?.getBoundingClientRect();
    const { width, height, margin } = NODE_ROOM;
    const spread = (room: number) => Math.max(room, 0) * Math.random();
    const occupied = reactFlow.getNodes().map((node) => ({
      ...node.position,
      width: node.measured?.width ?? width,
      height: node.measured?.height ?? height,
    }));
    return freeRandomSpot(
      () =>
        reactFlow.screenToFlowPosition({
          x: (box?.left ?? 0) + margin + spread((box?.width ?? 0) - width - 2 * margin),
          y: (box?.top ?? 0) + margin + spread((box?.height ?? 0) - height - minimap.height - 2 * margin),
        }),
      occupied,
      { width, height },
    );
  }

  function addAgent(shown: Agent) {
    // A new node is named after its agent, in the language in use (the name can be edited).
    const agent = { ...shown, name: agentText(shown).name };
    const position = randomPosition();
    setNodes((current) =>
      current.concat(
        agentNode(
          agent,
          position,
          current.map((node) => node.id),
        ),
      ),
    );
    setAnnouncement(t('builder.added', { name: agent.name }));
  }

  const onConnect = useCallback(
    (connection: Connection) => {
      setEdges((current) =>
        current.some((edge) => edge.source === connection.source && edge.target === connection.target)
          ? current
          : current.concat({
              id: newEdgeId(
                connection.source,
                connection.target,
                current.map((edge) => edge.id),
              ),
              source: connection.source,
              target: connection.target,
              data: {},
            }),
      );
    },
    [setEdges],
  );

  function updateNode(id: string, patch: Partial<BuilderNodeData>) {
    setNodes((current) =>
      current.map((node) =>
        node.id === id ? { ...node, data: { ...node.data, ...patch }, ariaLabel: patch.label ?? node.ariaLabel } : node,
      ),
    );
  }

  function selectOnly(id: string | null) {
    setNodes((current) =>
      current.map((node) => (node.selected === (node.id === id) ? node : { ...node, selected: node.id === id })),
    );
  }

  /** A node a check or the server refused: selected (its settings open) and marked on the canvas. */
  function showProblemNode(id: string | null) {
    setProblemNodeId(id);
    if (id) selectOnly(id);
  }

  function load(next: { fields: FlowFields; extras: FlowExtras; nodes: BuilderNode[]; edges: BuilderEdge[] }) {
    setNodes(next.nodes);
    setEdges(next.edges);
    setFields(next.fields);
    setExtras(next.extras);
    setProblem(null);
    setProblemNodeId(null);
    setNameMissing(false);
  }

  function openFlow(flow: Flow) {
    const opened = flowToBuilder(flow, agents);
    load(opened);
    setFlowId(flow.id);
    setSavedPayload(JSON.stringify(buildFlowPayload(opened.fields, opened.nodes, opened.edges, opened.extras)));
    setExecutionId(flow.last_execution?.id ?? null);
    setFitRequest((n) => n + 1);
  }

  function newFlow() {
    load({ fields: emptyFields, extras: {}, nodes: [], edges: [] });
    setFlowId(null);
    setSavedPayload(null);
    setExecutionId(null);
    nameRef.current?.focus();
  }

  /** Runs `action` at once, or after the user agreed to lose the unsaved changes. */
  function guard(action: () => void) {
    if (hasNodes && dirty) setPendingDiscard(() => action);
    else action();
  }

  async function save(): Promise<SaveResult> {
    setProblem(null);
    setProblemNodeId(null);
    if (!fields.name.trim()) {
      setNameMissing(true);
      nameRef.current?.focus();
      return { ok: false };
    }
    // The contract's own rules first, so a slip is named before anything is sent.
    const checked = flowBodySchema.safeParse(payload);
    if (!checked.success) {
      const [issue] = checked.error.issues;
      const index = issue?.path[0] === 'nodes' && typeof issue.path[1] === 'number' ? issue.path[1] : -1;
      const node = nodes[index];
      const message = issue ? issueMessage(formT, issue) : t('common:errors.unexpected');
      setProblem({
        title: t('builder.saveFailed'),
        error: new Error(
          node
            ? t('builder.nodeProblem', { node: node.data.label, message })
            : `${fieldLabel(issue?.path.map(String).join('.') ?? '')}: ${message}`,
        ),
      });
      showProblemNode(node?.id ?? null);
      return { ok: false };
    }
    try {
      const flow = await saveFlow.mutateAsync({ id: flowId, body: payload });
      setFlowId(flow.id);
      setSavedPayload(payloadJson);
      notify.success(t('builder.saved'));
      return { ok: true, id: flow.id };
    } catch (error) {
      const signedOut = error instanceof ApiError && error.status === 401;
      // Spec 2, section 8: the failure is logged to the console (and shown here too).
      if (signedOut) console.error(workflowMessages.userNotAuthenticated);
      else console.error(workflowMessages.flowSaveFailed, error);
      setProblem({ title: signedOut ? t('builder.notAuthenticated') : t('builder.saveFailed'), error });
      showProblemNode(refusedNode(error));
      return { ok: false };
    }
  }

  function refusedNode(error: unknown): string | null {
    if (!(error instanceof ApiError)) return null;
    const paths =
      error instanceof WorkflowSecurityError
        ? error.violations.flatMap((violation) => (violation.field ? [violation.field] : []))
        : (error.details ?? []).map((detail) => detail.path);
    return nodeNamedBy(payload, paths, error.message);
  }

  /** A checked text of the flow in words: 'nodes.0.exec_config.instructions' -> 'Research Agent: Instructions'. */
  function describeField(field: string): string {
    const labels: Record<string, string> = {
      name: t('panel.name'),
      'prep_config.template': t('panel.template'),
      'exec_config.instructions': t('panel.instructions'),
      'exec_config.fallback': t('panel.fallback'),
    };
    if (field === 'name') return t('builder.name');
    if (field === 'description') return t('builder.description');
    const match = /^nodes\.(\d+)\.(.+)$/.exec(field);
    const node = match ? nodes[Number(match[1])] : undefined;
    const label = match?.[2] ? labels[match[2]] : undefined;
    return node && label ? t('builder.fieldOfNode', { node: node.data.label, field: label }) : field;
  }

  function openExecute() {
    if ((!flowId || dirty) && !fields.name.trim()) {
      setNameMissing(true);
      nameRef.current?.focus();
      return;
    }
    setExecuteOpen(true);
  }

  async function run(input: string): Promise<{ error: unknown } | null> {
    let id = flowId;
    if (!id || dirty) {
      const saved = await save();
      // The save's problem is shown on the builder, where it is fixed.
      if (!saved.ok) {
        setExecuteOpen(false);
        return null;
      }
      id = saved.id;
    }
    try {
      const started = await executeFlow.mutateAsync({ flowId: id, input });
      setExecutionId(started.id);
      setExecuteOpen(false);
      setAnnouncement(t('execute.started'));
      return null;
    } catch (error) {
      return { error };
    }
  }

  async function removeFlow(flow: Flow) {
    try {
      await deleteFlow.mutateAsync(flow.id);
      notify.success(t('flows.deleted'));
      // What was on the canvas stays there, as a new flow not saved yet.
      if (flow.id === flowId) {
        setFlowId(null);
        setSavedPayload(null);
        setExtras({});
        setExecutionId(null);
      }
    } catch (error) {
      setProblem({ title: t('flows.deleteFailed'), error });
    }
  }

  const outgoing = selectedNode ? edges.filter((edge) => edge.source === selectedNode.id) : [];

  return (
    <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">
        <AgentPalette agents={agents} onAdd={addAgent} />
      </div>

      <div className="grid min-w-0 content-start gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div className="glass grid gap-3 rounded-xl p-4">
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem]">
            <FormField
              className="content-start"
              label={t('builder.name')}
              required
              error={nameMissing && !fields.name.trim() ? t('builder.nameRequired') : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  ref={nameRef}
                  value={fields.name}
                  maxLength={flowLimits.nameMax}
                  placeholder={t('builder.namePlaceholder')}
                  onChange={(event) => setFields((current) => ({ ...current, name: event.target.value }))}
                />
              )}
            </FormField>
            <FormField className="content-start" label={t('builder.description')}>
              {(control) => (
                <Input
                  {...control}
                  value={fields.description}
                  maxLength={flowLimits.descriptionMax}
                  onChange={(event) => setFields((current) => ({ ...current, description: event.target.value }))}
                />
              )}
            </FormField>
            <FormField className="content-start" label={t('builder.maxSteps')} hint={t('builder.maxStepsHint')}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={flowLimits.maxStepsMax}
                  value={fields.maxSteps}
                  onChange={(event) => setFields((current) => ({ ...current, maxSteps: event.target.value }))}
                />
              )}
            </FormField>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-muted-foreground" data-testid="flow-state">
              {flowId ? t('builder.editing') : t('builder.newDraft')}
              {flowId && hasNodes && dirty && ` · ${t('builder.unsaved')}`}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => guard(newFlow)}>
                <FilePlusIcon aria-hidden="true" />
                {t('builder.newFlow')}
              </Button>
              <Button disabled={!hasNodes || saveFlow.isPending} onClick={() => void save()}>
                {saveFlow.isPending ? (
                  <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                ) : (
                  <SaveIcon aria-hidden="true" />
                )}
                {saveFlow.isPending ? t('builder.saving') : t('builder.save')}
              </Button>
              <Button variant="secondary" disabled={!hasNodes} onClick={openExecute}>
                <PlayIcon aria-hidden="true" />
                {t('builder.execute')}
              </Button>
            </div>
          </div>
          {problem && <WorkflowError title={problem.title} error={problem.error} describeField={describeField} />}
        </div>

        {/* On a wide screen the settings column is always there, so that selecting a node never
            narrows the canvas under the pointer (a node on its right would slide under the panel
            just as it was about to be connected); on a narrower one the panel opens below it. */}
        <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="grid min-w-0 gap-2">
            <BuilderViewContext.Provider value={view}>
              <div
                ref={canvasRef}
                data-testid="flow-canvas"
                // React Flow's colours, from the app's theme (its own dark grey would not match the glass).
                className="relative h-[clamp(400px,65vh,640px)] overflow-hidden rounded-xl border border-glass-border bg-background/60 [--xy-background-color:transparent] [--xy-edge-stroke:var(--color-muted-foreground)] [--xy-edge-stroke-width:1.5]"
              >
                <ReactFlow<BuilderNode, BuilderEdge>
                  aria-label={t('builder.canvas')}
                  nodes={nodes}
                  edges={edges}
                  nodeTypes={nodeTypes}
                  onNodesChange={onNodesChange}
                  onEdgesChange={onEdgesChange}
                  onConnect={onConnect}
                  snapToGrid
                  snapGrid={[grid, grid]}
                  minZoom={zoomMin}
                  maxZoom={zoomMax}
                  deleteKeyCode={['Backspace', 'Delete']}
                  colorMode="dark"
                  defaultEdgeOptions={edgeOptions}
                  ariaLabelConfig={ariaLabelConfig}
                >
                  <Background variant={BackgroundVariant.Dots} gap={grid} />
                  <Controls />
                  <MiniMap<BuilderNode>
                    // Spec 2: 200 x 150; left out on a phone, where it would cover half the canvas.
                    className="max-sm:hidden"
                    style={{ width: minimap.width, height: minimap.height }}
                    nodeColor={(node) => agentTypeColors[node.data.agentType]}
                    pannable
                    zoomable
                  />
                </ReactFlow>
                {!hasNodes && (
                  <p className="pointer-events-none absolute inset-x-6 top-1/2 -translate-y-1/2 text-center text-sm text-muted-foreground">
                    {t('builder.emptyCanvas')}
                  </p>
                )}
              </div>
            </BuilderViewContext.Provider>
            {hasNodes && <p className="text-xs text-muted-foreground">{t('builder.connectHelp')}</p>}
          </div>
          {selectedNode ? (
            <NodePanel
              key={selectedNode.id}
              node={selectedNode}
              agentName={(() => {
                const agent = agents.find((candidate) => candidate.id === selectedNode.data.agentId);
                return agent ? agentText(agent).name : selectedNode.data.agentId;
              })()}
              nodes={nodes}
              outgoing={outgoing}
              onChange={(patch) => updateNode(selectedNode.id, patch)}
              onEdgeAction={(edgeId, action) =>
                setEdges((current) => current.map((edge) => (edge.id === edgeId ? edgeWithAction(edge, action) : edge)))
              }
              onRemoveEdge={(edgeId) => setEdges((current) => current.filter((edge) => edge.id !== edgeId))}
              onConnect={(target) =>
                onConnect({ source: selectedNode.id, target, sourceHandle: null, targetHandle: null })
              }
              onRemove={() => void reactFlow.deleteElements({ nodes: [{ id: selectedNode.id }] })}
              onClose={() => selectOnly(null)}
            />
          ) : (
            <p
              data-testid="node-panel-placeholder"
              className="glass hidden content-start rounded-xl p-4 text-sm text-muted-foreground xl:grid"
            >
              {t('panel.placeholder')}
            </p>
          )}
        </div>

        <RunPanel flowId={flowId} executionId={executionId} onShowRun={setExecutionId} />
      </div>

      <div className="min-w-0 lg:col-start-1 lg:row-start-2">
        <FlowsList
          flows={flows}
          currentId={flowId}
          onOpen={(flow) => guard(() => openFlow(flow))}
          onDelete={removeFlow}
          deleting={deleteFlow.isPending}
        />
      </div>

      <p role="status" className="sr-only">
        {announcement}
      </p>

      <ExecuteDialog
        open={executeOpen}
        onOpenChange={setExecuteOpen}
        flowName={fields.name}
        willSave={!flowId || dirty}
        onRun={run}
      />

      <AlertDialog open={pendingDiscard !== null} onOpenChange={(open) => !open && setPendingDiscard(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('builder.discardTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('builder.discardText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('common:actions.cancel')}</AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={() => {
                pendingDiscard?.();
                setPendingDiscard(null);
              }}
            >
              {t('builder.discardConfirm')}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

const directions = ['up', 'down', 'left', 'right'] as const;

/** React Flow says which way an arrow key moved a node ('up', 'left'…): in the language in use. */
function directionName(
  t: (key: `builder.a11y.directions.${(typeof directions)[number]}`) => string,
  direction: string,
) {
  const known = directions.find((value) => value === direction);
  return known ? t(`builder.a11y.directions.${known}`) : direction;
}
