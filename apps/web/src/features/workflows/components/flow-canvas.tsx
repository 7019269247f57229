import '@xyflow/react/dist/style.css';
import { agentTypeColors, workflowConstants } from '@nuvem/contracts/workflows';
import {
  Background,
  BackgroundVariant,
  Controls,
  MarkerType,
  MiniMap,
  ReactFlow,
  type AriaLabelConfig,
  type Connection,
} from '@xyflow/react';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useExecution } from '../api/get-execution';
import { startNodeOf, type BuilderEdge, type BuilderNode } from '../lib/flow-payload';
import { nodeRunStatuses } from '../lib/run-status';
import { AgentNode, BuilderViewContext, type BuilderView } from './flow-node';
import { fitViewOptions } from './use-flow-canvas';
import type { FlowDraft } from './use-flow-draft';

const nodeTypes = { agent: AgentNode };
/** Edges point the way the run goes. */
const edgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } };
const { grid, zoomMin, zoomMax, minimap } = workflowConstants;

export interface FlowCanvasProps {
  /** The flow being built: its nodes and edges, its start node and the run that colours them. */
  draft: FlowDraft;
  /** The canvas's element (new nodes are placed inside the part in view). */
  canvasRef: RefObject<HTMLDivElement | null>;
  onConnect: (connection: Connection) => void;
  /** The node the last problem points at, marked as such. */
  problemNodeId: string | null;
}

/** The React Flow canvas: the nodes and their connections, the zoom controls and the minimap. */
export function FlowCanvas({ draft, canvasRef, onConnect, problemNodeId }: FlowCanvasProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const { nodes, edges } = draft;
  const execution = useExecution(draft.executionId);
  const startNodeId = startNodeOf(nodes, edges, draft.extras.startNodeId);
  const view = useMemo<BuilderView>(
    () => ({ runStatuses: nodeRunStatuses(execution.data), startNodeId, problemNodeId }),
    [execution.data, startNodeId, problemNodeId],
  );
  const ariaLabelConfig = useCanvasLabels();
  const hasNodes = nodes.length > 0;
  return (
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
            onNodesChange={draft.onNodesChange}
            onEdgesChange={draft.onEdgesChange}
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
            <Controls fitViewOptions={fitViewOptions} />
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
  );
}

/** React Flow's own words for screen readers, in the language in use. */
function useCanvasLabels() {
  const { t } = useTranslation(['workflows', 'common']);
  return useMemo<Partial<AriaLabelConfig>>(
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
