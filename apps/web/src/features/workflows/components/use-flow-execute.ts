import { useState } from 'react';
import { useExecuteFlow } from '../api/execute-flow';
import type { FlowDraft } from './use-flow-draft';
import type { SaveResult } from './use-flow-save';

export interface FlowExecuteOptions {
  draft: FlowDraft;
  save: () => Promise<SaveResult>;
  requireName: () => boolean;
  onStarted: () => void;
}

/**
 * Running the flow being built: the dialog that asks for the input opens once the flow has a name,
 * and a flow with unsaved changes (or never saved) is saved first, then run.
 */
export function useFlowExecute({ draft, save, requireName, onStarted }: FlowExecuteOptions) {
  const executeFlow = useExecuteFlow();
  const [executeOpen, setExecuteOpen] = useState(false);
  const { flowId, dirty } = draft;
  const willSave = !flowId || dirty;

  function openExecute() {
    if (willSave && !requireName()) return;
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
      draft.setExecutionId(started.id);
      setExecuteOpen(false);
      onStarted();
      return null;
    } catch (error) {
      return { error };
    }
  }

  return { executeOpen, setExecuteOpen, willSave, openExecute, run };
}
