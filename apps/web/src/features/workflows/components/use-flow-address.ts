import type { Flow } from '@nuvem/contracts/workflows';
import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '@/lib/notify';

/** The search parameter that keeps the flow open in the builder across reloads (beside `app` and `tab`). */
export const FLOW_PARAM = 'flow';

export interface FlowAddressOptions {
  flows: readonly Flow[];
  /** The flow open in the builder. */
  flowId: string | null;
  /** The builder came back with the canvas it had (which wins over the address). */
  restored: boolean;
  openFlow: (flow: Flow) => void;
}

/**
 * The address and the builder agree on the open flow: the flow the address names (a reload, a
 * shared link) opens once, when the builder does, and from then on the address follows the flow
 * open in the builder.
 */
export function useFlowAddress({ flows, flowId, restored, openFlow }: FlowAddressOptions) {
  const { t } = useTranslation(['workflows', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
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

  // A named flow that is gone (deleted, another user's) leaves an empty builder, says so and drops
  // out of the address.
  const openFromAddress = useEffectEvent(() => {
    const wanted = searchParams.get(FLOW_PARAM);
    if (!wanted || restored) return;
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
}
