import { describe, expect, it } from 'vitest';
import { emptyDocument, restorableDraft, type BuilderDraft } from './use-flow-draft';
import { flow } from './workflows-fixtures.testing';

const kept = (over: Partial<BuilderDraft> = {}): BuilderDraft => ({
  ...emptyDocument(),
  userId: 'usr_1',
  flowId: null,
  savedPayload: null,
  executionId: null,
  ...over,
});

describe('restorableDraft', () => {
  it('gives the kept canvas back to the same user only', () => {
    const draft = kept();
    expect(restorableDraft(draft, 'usr_1', null, [])).toBe(draft);
    expect(restorableDraft(draft, 'usr_2', null, [])).toBeNull();
    expect(restorableDraft(draft, undefined, null, [])).toBeNull();
    expect(restorableDraft(null, 'usr_1', null, [])).toBeNull();
  });

  it('gives way to another flow the address names, and to a flow that is gone', () => {
    const saved = flow();
    const draft = kept({ flowId: saved.id });
    expect(restorableDraft(draft, 'usr_1', saved.id, [saved])).toBe(draft);
    expect(restorableDraft(draft, 'usr_1', null, [saved])).toBe(draft);
    expect(restorableDraft(draft, 'usr_1', 'flw_other', [saved])).toBeNull();
    expect(restorableDraft(draft, 'usr_1', null, [])).toBeNull();
  });
});
