import type { Agent } from '@nuvem/contracts/workflows';
import { useTranslation } from 'react-i18next';
import { useAgentText } from '@/lib/agent-text';
import { edgeWithAction } from '../lib/flow-payload';
import { NodePanel } from './node-panel';
import type { FlowCanvasActions } from './use-flow-canvas';
import type { FlowDraft } from './use-flow-draft';

export interface NodeInspectorProps {
  agents: readonly Agent[];
  /** The flow being built: the one node selected (none, or several: the placeholder), its connections. */
  draft: FlowDraft;
  canvas: FlowCanvasActions;
}

/** Beside the canvas: the selected node's settings and connections, or a hint to select one. */
export function NodeInspector({ agents, draft, canvas }: NodeInspectorProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const agentText = useAgentText();
  const { nodes, edges, selectedNode, updateNode, setEdges, selectOnly } = draft;
  if (!selectedNode) {
    return (
      <p
        data-testid="node-panel-placeholder"
        className="glass hidden content-start rounded-xl p-4 text-sm text-muted-foreground xl:grid"
      >
        {t('panel.placeholder')}
      </p>
    );
  }
  const agent = agents.find((candidate) => candidate.id === selectedNode.data.agentId);
  return (
    <NodePanel
      key={selectedNode.id}
      node={selectedNode}
      agentName={agent ? agentText(agent).name : selectedNode.data.agentId}
      nodes={nodes}
      outgoing={edges.filter((edge) => edge.source === selectedNode.id)}
      onChange={(patch) => updateNode(selectedNode.id, patch)}
      onEdgeAction={(edgeId, action) =>
        setEdges((current) => current.map((edge) => (edge.id === edgeId ? edgeWithAction(edge, action) : edge)))
      }
      onRemoveEdge={(edgeId) => setEdges((current) => current.filter((edge) => edge.id !== edgeId))}
      onConnect={(target) =>
        canvas.onConnect({ source: selectedNode.id, target, sourceHandle: null, targetHandle: null })
      }
      onRemove={() => canvas.removeNode(selectedNode.id)}
      onClose={() => selectOnly(null)}
    />
  );
}
