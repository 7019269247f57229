import type { Violation } from '@nuvem/contracts/ai-security';
import { describe, expect, it } from 'vitest';
import {
  createGuardedRetriever,
  scanChunks,
  scanDocument,
  SCAN_CHUNK_CHARS,
  SCAN_OVERLAP_CHARS,
  type ScanMaterial,
} from './knowledge-security.js';
import type { RetrievedPassage } from './runtime/bm25.js';

type Scanned = Awaited<ReturnType<ScanMaterial>>;

/** A stand-in for the security layer's scanMaterial: flags each 'EVIL' it finds, counting calls and records. */
function fakeScan() {
  const calls: { text: string; record: boolean | undefined; source: string }[] = [];
  const scan: ScanMaterial = (_userId, text, context) => {
    calls.push({ text, record: context.record, source: context.source });
    const violations: Violation[] = [...text.matchAll(/EVIL/g)].map((match) => ({
      type: 'instruction_override',
      severity: 'high',
      message: 'Tries to override the instructions',
      evidence: { start: match.index, end: match.index + 4, text: `EVIL ${'x'.repeat(300)}` },
    }));
    const flagged = violations.length > 0;
    return Promise.resolve({
      text: text.replaceAll('secret@example.com', '[REDACTED:email]'),
      violations,
      threat_level: flagged ? 'high' : 'none',
      flagged,
    } satisfies Scanned);
  };
  return { scan, calls };
}

describe('scanning a knowledge document in pieces', () => {
  it('covers the whole text in overlapping pieces of about 8 KB', () => {
    const chunks = scanChunks(20_000);
    expect(chunks[0]).toEqual([0, SCAN_CHUNK_CHARS]);
    expect(chunks.at(-1)?.[1]).toBe(20_000);
    for (let i = 1; i < chunks.length; i += 1) {
      expect(chunks[i]![0]).toBe(chunks[i - 1]![1] - SCAN_OVERLAP_CHARS);
    }
    expect(scanChunks(100)).toEqual([[0, 100]]);
  });

  it('lets other work run between two pieces, and finds an instruction where it is in the whole document', async () => {
    const { scan, calls } = fakeScan();
    const content = `${'a'.repeat(30_000)}EVIL${'b'.repeat(30_000)}`;
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const result = await scanDocument(scan, 'usr_1', content);
    counting = false;
    // One turn of the event loop at least between every two pieces: no piece follows another at once.
    expect(calls.length).toBeGreaterThan(7);
    expect(turns).toBeGreaterThanOrEqual(calls.length - 1);
    expect(result.flagged).toBe(true);
    expect(result.threat).toBe('high');
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ type: 'instruction_override', start: 30_000, end: 30_004 });
    expect(result.findings[0]?.text.length).toBeLessThanOrEqual(200);
    // Recorded once: the first flagged piece; the piece that overlaps it is not recorded again.
    const flaggedCalls = calls.filter((call) => call.text.includes('EVIL'));
    expect(flaggedCalls.map((call) => call.record)).toEqual([true, false].slice(0, flaggedCalls.length));
    expect(calls.every((call) => call.source === 'knowledge.document')).toBe(true);
  });

  it('keeps the five most severe findings, and nothing for a clean document', async () => {
    const { scan } = fakeScan();
    const many = Array.from({ length: 9 }, (_, i) => `${'c'.repeat(i * 50)}EVIL`).join(' ');
    expect((await scanDocument(scan, 'usr_1', many)).findings).toHaveLength(5);
    expect(await scanDocument(scan, 'usr_1', 'Refunds within 14 days.')).toEqual({
      flagged: false,
      threat: 'none',
      findings: [],
    });
  });
});

describe('retrieval with the security layer in front', () => {
  const passage = (documentId: string, text: string): RetrievedPassage => ({
    document_id: documentId,
    title: documentId,
    excerpt: text,
    score: 1,
    text,
  });
  const states = {
    clean: { id: 'clean', securityThreat: 'none', securityHandling: 'exclude' },
    excluded: { id: 'excluded', securityThreat: 'high', securityHandling: 'exclude' },
    quoted: { id: 'quoted', securityThreat: 'high', securityHandling: 'quote' },
    sneaky: { id: 'sneaky', securityThreat: 'none', securityHandling: 'exclude' },
  };

  it('drops an excluded document, marks a quoted one, scans the rest once and quotes a flagged passage', async () => {
    const { scan, calls } = fakeScan();
    const retriever = createGuardedRetriever(
      {
        retrieve: () =>
          Promise.resolve([
            passage('clean', 'Mail secret@example.com for refunds.'),
            passage('excluded', 'EVIL excluded'),
            passage('quoted', 'EVIL quoted'),
            passage('sneaky', 'EVIL in a document that passed'),
            passage('gone', 'deleted meanwhile'),
          ]),
      },
      {
        repo: {
          documentStates: (_userId, ids) =>
            Promise.resolve(Object.values(states).filter((state) => ids?.includes(state.id))),
        },
        scan,
      },
    );
    for (let i = 0; i < 2; i += 1) {
      const got = await retriever.retrieve('usr_1', 'refunds', 5);
      expect(got.map((p) => [p.document_id, p.flagged ?? false])).toEqual([
        ['clean', false],
        ['quoted', true],
        ['sneaky', true],
      ]);
      // What an agent reads of a passage is redacted.
      expect(got[0]?.text).toBe('Mail [REDACTED:email] for refunds.');
    }
    // Each passage scanned once however often it is retrieved; a flagged document's passage is not recorded again.
    expect(calls.map((call) => [call.text.slice(0, 12), call.record, call.source])).toEqual([
      ['Mail secret@', true, 'knowledge.passage'],
      ['EVIL quoted', false, 'knowledge.passage'],
      ['EVIL in a do', true, 'knowledge.passage'],
    ]);
  });
});
