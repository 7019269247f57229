import { workflowConstants, type Agent } from '@nuvem/contracts/workflows';
import { useReactFlow, type Connection, type XYPosition } from '@xyflow/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAgentText } from '@/lib/agent-text';
import { agentNode, newEdgeId, type BuilderEdge, type BuilderNode } from '../lib/flow-payload';
import { freeRandomSpot } from '../lib/placement';
import type { FlowDraft } from './use-flow-draft';

const { minimap } = workflowConstants;
/** A node's size on the canvas (`w-52` wide, about 72 px high) and the margin kept from the canvas's edges. */
const NODE_ROOM = { width: 208, height: 72, margin: 24 };
/** React Flow's panels (the zoom controls, the minimap) sit this far in from the canvas's edges. */
const PANEL_MARGIN = 15;

/**
 * How a flow is brought into view (on reopening it, and by the controls' Fit view button): with
 * room kept along the bottom for the zoom controls and the minimap, so no node or label ends up
 * under them (the minimap covered a node's label at 1280x800 with an even 20% padding).
 */
export const fitViewOptions = {
  padding: {
    top: `${NODE_ROOM.margin}px`,
    left: `${NODE_ROOM.margin}px`,
    right: `${NODE_ROOM.margin}px`,
    bottom: `${minimap.height + PANEL_MARGIN + NODE_ROOM.margin}px`,
  },
  maxZoom: 1,
} as const;

/**
 * What the user does on the canvas beyond React Flow's own handling: add an agent's node, connect
 * two nodes, remove one, and bring a reopened flow into view.
 */
export function useFlowCanvas(draft: FlowDraft, { onAdded }: { onAdded: (name: string) => void }) {
  const reactFlow = useReactFlow<BuilderNode, BuilderEdge>();
  const agentText = useAgentText();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [fitRequest, setFitRequest] = useState(draft.restoredNodes ? 1 : 0);
  const { setNodes, setEdges } = draft;

  // A reopened flow is brought into view once React Flow has placed its nodes.
  useEffect(() => {
    if (fitRequest === 0) return;
    const frame = requestAnimationFrame(() => void reactFlow.fitView(fitViewOptions));
    return () => cancelAnimationFrame(frame);
  }, [fitRequest, reactFlow]);

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
    onAdded(agent.name);
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

  function removeNode(id: string) {
    void reactFlow.deleteElements({ nodes: [{ id }] });
  }

  return {
    canvasRef,
    addAgent,
    onConnect,
    removeNode,
    /** Brings the flow just opened into view. */
    requestFit: () => setFitRequest((n) => n + 1),
  };
}

export type FlowCanvasActions = ReturnType<typeof useFlowCanvas>;
