import { flowBodySchema, workflowMessages } from '@nuvem/contracts/workflows';
import { fieldLabel } from '@nuvem/contracts/common';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { issueMessage } from '@/lib/forms';
import { notify } from '@/lib/notify';
import { WorkflowSecurityError } from '../api/mlm-request';
import { useSaveFlow } from '../api/save-flow';
import { nodeNamedBy } from '../lib/flow-payload';
import type { FlowDraft } from './use-flow-draft';

export type SaveResult = { ok: true; id: string } | { ok: false };

/** A problem shown above the canvas: what failed, and why. */
export interface FlowProblem {
  title: string;
  error: unknown;
}

/**
 * Saving the flow being built, and the problems that stop it: a missing name (its box is focused),
 * a slip the contract's own rules find before anything is sent, or the server's refusal. A node
 * a problem points at is selected (its settings open) and marked on the canvas.
 */
export function useFlowSave(draft: FlowDraft) {
  const { t } = useTranslation(['workflows', 'common']);
  const { t: formT } = useTranslation();
  const saveFlow = useSaveFlow();
  const nameRef = useRef<HTMLInputElement>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const [problem, setProblem] = useState<FlowProblem | null>(null);
  const [problemNodeId, setProblemNodeId] = useState<string | null>(null);
  const { fields, nodes, payload, flowId } = draft;

  /** A node a check or the server refused: selected (its settings open) and marked on the canvas. */
  function showProblemNode(id: string | null) {
    setProblemNodeId(id);
    if (id) draft.selectOnly(id);
  }

  /** Another flow is on the canvas: the last one's problems go. */
  function clearProblems() {
    setProblem(null);
    setProblemNodeId(null);
    setNameMissing(false);
  }

  /** True when the flow has a name; else says it needs one and focuses its box. */
  function requireName(): boolean {
    if (fields.name.trim()) return true;
    setNameMissing(true);
    nameRef.current?.focus();
    return false;
  }

  /** The contract's own rules, so a slip is named before anything is sent; true when it passes. */
  function checkPayload(): boolean {
    const checked = flowBodySchema.safeParse(payload);
    if (checked.success) return true;
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
    return false;
  }

  async function save(): Promise<SaveResult> {
    setProblem(null);
    setProblemNodeId(null);
    if (!requireName() || !checkPayload()) return { ok: false };
    try {
      const flow = await saveFlow.mutateAsync({ id: flowId, body: payload });
      draft.markSaved(flow.id);
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

  /** The node the server's refusal names, if any. */
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

  return {
    save,
    saving: saveFlow.isPending,
    nameRef,
    nameMissing,
    requireName,
    problem,
    problemNodeId,
    reportProblem: setProblem,
    clearProblems,
    describeField,
  };
}

export type FlowSave = ReturnType<typeof useFlowSave>;
