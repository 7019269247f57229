import type { Flow } from '@nuvem/contracts/workflows';
import { useEdgesState, useNodesState } from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  buildFlowPayload,
  type BuilderEdge,
  type BuilderNode,
  type BuilderNodeData,
  type FlowExtras,
  type FlowFields,
} from '../lib/flow-payload';
import { FLOW_PARAM } from './use-flow-address';

/** What the builder edits: the flow's fields, what it keeps unedited, and the canvas. */
export interface FlowDocument {
  fields: FlowFields;
  extras: FlowExtras;
  nodes: BuilderNode[];
  edges: BuilderEdge[];
}

export const emptyFields: FlowFields = { name: '', description: '', maxSteps: '' };
/** A new, empty flow (fresh arrays each time: React Flow's state is never shared). */
export function emptyDocument(): FlowDocument {
  return { fields: emptyFields, extras: {}, nodes: [], edges: [] };
}

/** What was on the canvas when the builder last closed (another tab of the dashboard, another slot). */
export interface BuilderDraft extends FlowDocument {
  userId: string | undefined;
  flowId: string | null;
  savedPayload: string | null;
  executionId: string | null;
}

/** Kept in this page's memory only: a reload starts from the address (the saved flow). */
let keptDraft: BuilderDraft | null = null;

/**
 * The canvas as this user left it on another tab, unless the address names another flow or the
 * flow it had open is gone.
 */
export function restorableDraft(
  kept: BuilderDraft | null,
  userId: string | undefined,
  named: string | null,
  flows: readonly Flow[],
): BuilderDraft | null {
  if (!kept || userId === undefined || kept.userId !== userId) return null;
  if (named !== kept.flowId && named !== null) return null;
  if (kept.flowId !== null && !flows.some((flow) => flow.id === kept.flowId)) return null;
  return kept;
}

/** The flow a saved one is opened as: its id and its last run. */
export interface SavedFlowRef {
  flowId: string;
  executionId: string | null;
}

/**
 * The flow being built and how it stands against what was saved: its fields, nodes and edges, the
 * saved flow it is (if any), the payload it would send, and whether that differs from the one last
 * saved or opened. What is on the canvas is kept when the builder closes and given back when it
 * reopens for the same user.
 */
export function useFlowDraft({ userId, flows }: { userId: string | undefined; flows: readonly Flow[] }) {
  const [searchParams] = useSearchParams();
  const [draft] = useState(() => restorableDraft(keptDraft, userId, searchParams.get(FLOW_PARAM), flows));
  const [nodes, setNodes, onNodesChange] = useNodesState<BuilderNode>(draft?.nodes ?? []);
  const [edges, setEdges, onEdgesChange] = useEdgesState<BuilderEdge>(draft?.edges ?? []);
  const [fields, setFields] = useState<FlowFields>(draft?.fields ?? emptyFields);
  const [extras, setExtras] = useState<FlowExtras>(draft?.extras ?? {});
  const [flowId, setFlowId] = useState<string | null>(draft?.flowId ?? null);
  /** The payload as last saved or opened: anything else is an unsaved change. */
  const [savedPayload, setSavedPayload] = useState<string | null>(draft?.savedPayload ?? null);
  const [executionId, setExecutionId] = useState<string | null>(draft?.executionId ?? null);

  const payload = useMemo(() => buildFlowPayload(fields, nodes, edges, extras), [fields, nodes, edges, extras]);
  const payloadJson = JSON.stringify(payload);

  // What is on the canvas is kept when the builder closes (another tab, another slot).
  const latest = useRef<BuilderDraft | null>(null);
  useEffect(() => {
    latest.current = { userId, fields, extras, nodes, edges, flowId, savedPayload, executionId };
  });
  useEffect(
    () => () => {
      if (latest.current?.userId !== undefined) keptDraft = latest.current;
    },
    [],
  );

  /** Puts a flow on the canvas: a saved one (whose payload is then the saved state) or a new one. */
  function replace(next: FlowDocument, saved: SavedFlowRef | null) {
    setNodes(next.nodes);
    setEdges(next.edges);
    setFields(next.fields);
    setExtras(next.extras);
    setFlowId(saved?.flowId ?? null);
    setSavedPayload(saved ? JSON.stringify(buildFlowPayload(next.fields, next.nodes, next.edges, next.extras)) : null);
    setExecutionId(saved?.executionId ?? null);
  }

  /** The payload on the canvas was saved as flow `id`. */
  function markSaved(id: string) {
    setFlowId(id);
    setSavedPayload(payloadJson);
  }

  /** The saved flow is gone: what was on the canvas stays there, as a new flow not saved yet. */
  function detach() {
    setFlowId(null);
    setSavedPayload(null);
    setExtras({});
    setExecutionId(null);
  }

  function setField(name: keyof FlowFields, value: string) {
    setFields((current) => ({ ...current, [name]: value }));
  }

  function updateNode(id: string, patch: Partial<BuilderNodeData>) {
    setNodes((current) =>
      current.map((node) =>
        node.id === id ? { ...node, data: { ...node.data, ...patch }, ariaLabel: patch.label ?? node.ariaLabel } : node,
      ),
    );
  }

  /** Selects the node `id` alone (none: null), which opens its settings. */
  function selectOnly(id: string | null) {
    setNodes((current) =>
      current.map((node) => (node.selected === (node.id === id) ? node : { ...node, selected: node.id === id })),
    );
  }

  const selected = nodes.filter((node) => node.selected);
  return {
    /** The canvas came back from another tab (it has no flow to open from the address). */
    restored: draft !== null,
    /** The canvas came back with nodes on it, to bring into view. */
    restoredNodes: (draft?.nodes.length ?? 0) > 0,
    fields,
    extras,
    nodes,
    edges,
    setNodes,
    setEdges,
    onNodesChange,
    onEdgesChange,
    flowId,
    executionId,
    setExecutionId,
    payload,
    payloadJson,
    dirty: payloadJson !== savedPayload,
    hasNodes: nodes.length > 0,
    selectedNode: selected.length === 1 ? selected[0] : undefined,
    replace,
    markSaved,
    detach,
    setField,
    updateNode,
    selectOnly,
  };
}

export type FlowDraft = ReturnType<typeof useFlowDraft>;
