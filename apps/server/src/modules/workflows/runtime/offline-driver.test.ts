import { describe, expect, it } from 'vitest';
import type { AgentCall, KnowledgeSource } from './agent-runtime.js';
import { findAgent } from './agents.js';
import { createRetriever, type Retriever } from './bm25.js';
import { SOCIAL_POST_MAX_CHARS, createOfflineRuntime, keywords } from './offline-driver.js';

const knowledge: Record<string, { id: string; title: string; content: string }[]> = {
  usr_docs: [
    {
      id: 'doc_refunds',
      title: 'Refund policy',
      content:
        'Refunds are granted within 14 days of purchase. To ask for a refund, open a ticket in the support portal with the order number.\n\nAfter 14 days the subscription can only be cancelled at the end of the period.',
    },
    {
      id: 'doc_config',
      title: 'Configuração',
      content: 'A configuração do servidor faz-se no ficheiro nuvem.toml. As portas por omissão são 3030 e 5173.',
    },
    { id: 'doc_dns', title: 'DNS', content: 'Custom domains need a CNAME record pointing at the portal.' },
  ],
};
const source: KnowledgeSource = {
  async version() {
    return '1';
  },
  async documents(userId) {
    return knowledge[userId] ?? [];
  },
};
const runtime = createOfflineRuntime({ retriever: createRetriever(source) });

function run(agentId: string, input: string, extra: Partial<AgentCall> = {}) {
  const agent = findAgent(agentId);
  if (!agent) throw new Error(`no agent ${agentId}`);
  return runtime.call({ agent, userId: 'usr_docs', input, signal: new AbortController().signal, ...extra });
}

/** The lines under a '## Heading' of an output, up to the next heading or blank line. */
function section(output: string, heading: string): string[] {
  const lines = output.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return [];
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => line === '' || line.startsWith('## '));
  return end < 0 ? rest : rest.slice(0, end);
}

describe('offline runtime', () => {
  it('is the offline driver: no model, always healthy, no tokens', async () => {
    expect(runtime.driver).toBe('offline');
    expect(runtime.model).toBeNull();
    expect(await runtime.health()).toEqual({ ok: true });
    expect((await run('agent_business', 'We should grow.')).tokens).toBe(0);
  });

  it("answers a chat's new message alone: earlier turns neither steer the retrieval nor come back in the reply", async () => {
    const history = [
      { role: 'user' as const, content: 'How do I get a refund?' },
      { role: 'assistant' as const, content: 'Refunds are granted within 14 days of purchase. [1]' },
    ];
    for (const agentId of ['agent_rag', 'agent_business', 'agent_development', 'agent_marketing']) {
      const alone = await run(agentId, 'Which record do custom domains need?');
      const inConversation = await run(agentId, 'Which record do custom domains need?', { history });
      expect(inConversation, agentId).toEqual(alone);
      expect(inConversation.output, agentId).not.toContain('refund');
    }
    expect((await run('agent_rag', 'Which record do custom domains need?', { history })).citations[0]?.title).toBe(
      'DNS',
    );
  });

  it('is deterministic: the same input gives the same result, from any instance', async () => {
    const input = 'We will launch in May. The main risk is a delay of the payment provider. Our goal is 100 customers.';
    for (const agentId of ['agent_rag', 'agent_business', 'agent_development', 'agent_marketing']) {
      const first = await run(agentId, input);
      const other = createOfflineRuntime({ retriever: createRetriever(source) });
      const agent = findAgent(agentId);
      if (!agent) throw new Error(agentId);
      expect(await run(agentId, input)).toEqual(first);
      expect(await other.call({ agent, userId: 'usr_docs', input, signal: new AbortController().signal })).toEqual(
        first,
      );
    }
  });

  it('acknowledges the instructions on the first line, cut to 200 characters', async () => {
    const short = await run('agent_marketing', 'A new cloud.', { instructions: '  Write for\nstudents. ' });
    expect(short.output.split('\n')[0]).toBe('Instructions: Write for students.');
    expect(short.output.split('\n')[2]).toBe('## Headline');
    const long = await run('agent_marketing', 'A new cloud.', { instructions: 'word '.repeat(100) });
    const line = long.output.split('\n')[0] ?? '';
    expect(line.slice('Instructions: '.length).length).toBeLessThanOrEqual(200);
    expect(line.endsWith('word…')).toBe(true);
    expect((await run('agent_marketing', 'A new cloud.', { instructions: '   ' })).output).not.toContain(
      'Instructions',
    );
  });

  it('streams once: onDelta hears the whole output', async () => {
    const deltas: string[] = [];
    const result = await run('agent_development', 'Add a logout button to the top bar of the shell.', {
      onDelta: (text) => deltas.push(text),
    });
    expect(deltas).toEqual([result.output]);
  });

  it('throws an AbortError when the signal is aborted before or while it runs', async () => {
    const controller = new AbortController();
    controller.abort('cancelled');
    await expect(run('agent_business', 'We should grow.', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
      message: expect.stringContaining('cancelled') as string,
    });

    // Aborted while the rag agent retrieves: it stops instead of answering.
    const during = new AbortController();
    const retriever: Retriever = {
      async retrieve() {
        during.abort(new DOMException('step timeout', 'TimeoutError'));
        return [];
      },
    };
    const agent = findAgent('agent_rag');
    if (!agent) throw new Error('agent_rag');
    const onDelta = (text: string) => {
      throw new Error(`should not answer: ${text}`);
    };
    await expect(
      createOfflineRuntime({ retriever }).call({
        agent,
        userId: 'usr_docs',
        input: 'refund',
        signal: during.signal,
        onDelta,
      }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

describe('offline rag agent', () => {
  it('answers with the best-matching sentences, each cited, then the sources', async () => {
    const result = await run('agent_rag', 'How do I ask for a refund?');
    expect(result.action).toBe('answered');
    expect(result.citations[0]).toEqual({
      document_id: 'doc_refunds',
      title: 'Refund policy',
      excerpt: expect.stringContaining('Refunds are granted within 14 days') as string,
    });
    const [answer, sources] = result.output.split('\n\nSources:\n');
    expect(answer).toContain('To ask for a refund, open a ticket in the support portal with the order number. [1]');
    // Every sentence of the answer ends with its marker, and every marker names a listed source.
    for (const sentence of (answer ?? '').split(/(?<=\])\s+/)) expect(sentence).toMatch(/\[\d\]$/);
    expect(sources?.split('\n')).toEqual(result.citations.map((citation, i) => `[${String(i + 1)}] ${citation.title}`));
    // A sentence of the passage that shares nothing with the question is left out.
    expect(answer).not.toContain('cancelled at the end of the period');
  });

  it('matches across diacritics', async () => {
    const result = await run('agent_rag', 'configuracao do servidor');
    expect(result.citations[0]?.document_id).toBe('doc_config');
    expect(result.output).toContain('A configuração do servidor faz-se no ficheiro nuvem.toml. [1]');
  });

  it('says the knowledge base holds nothing on the question, and how to add documents', async () => {
    const nothing = await run('agent_rag', 'kubernetes ingress controller');
    expect(nothing.action).toBe('not_found');
    expect(nothing.citations).toEqual([]);
    expect(nothing.output).toMatch(/knowledge base holds nothing on "kubernetes ingress controller"/);
    expect(nothing.output).toContain('Knowledge tab');

    const emptyBase = await run('agent_rag', 'refund', { userId: 'usr_without_documents' });
    expect(emptyBase.action).toBe('not_found');
    expect(emptyBase.output).toContain('Knowledge tab');

    const noQuestion = await run('agent_rag', '  ');
    expect(noQuestion.action).toBe('not_found');
    expect(noQuestion.output).toMatch(/No question was given/);
  });
});

describe('offline business agent', () => {
  const proposal = [
    'We plan to launch the Pro plan in Portugal next quarter.',
    'Our goal is to increase paid sign-ups by 20% by June.',
    'The main risk is that the payment provider integration may be delayed.',
    'Marketing costs could exceed the budget.',
    'We will run a pilot with ten customers in April.',
    'Send the pricing sheet to the sales team.',
  ].join(' ');

  it('sorts the sentences into summary, objectives, risks and next steps, and suggests review when there is a risk', async () => {
    const result = await run('agent_business', proposal);
    expect(result.output.match(/^## .+$/gm)).toEqual(['## Summary', '## Objectives', '## Risks', '## Next steps']);
    expect(section(result.output, 'Summary')).toEqual(['We plan to launch the Pro plan in Portugal next quarter.']);
    expect(section(result.output, 'Objectives')).toEqual(['- Our goal is to increase paid sign-ups by 20% by June.']);
    expect(section(result.output, 'Risks')).toEqual([
      '- The main risk is that the payment provider integration may be delayed.',
      '- Marketing costs could exceed the budget.',
    ]);
    expect(section(result.output, 'Next steps')).toEqual([
      '1. We will run a pilot with ten customers in April.',
      '2. Send the pricing sheet to the sales team.',
    ]);
    expect(result.action).toBe('review');
  });

  it('suggests approve without a risk, and derives next steps from the objectives when none is given', async () => {
    const result = await run(
      'agent_business',
      'A loyalty programme for students. The objective is to double renewals.',
    );
    expect(result.action).toBe('approve');
    expect(section(result.output, 'Risks')).toEqual(['- None named in the text.']);
    expect(section(result.output, 'Next steps')).toEqual([
      '1. Plan the work, with an owner and a date, for: the objective is to double renewals.',
    ]);
  });

  it('reads Portuguese cues with or without accents', async () => {
    const result = await run('agent_business', 'O objetivo é aumentar as vendas. Há um risco de atraso na entrega.');
    expect(section(result.output, 'Objectives')).toEqual(['- O objetivo é aumentar as vendas.']);
    expect(section(result.output, 'Risks')).toEqual(['- Há um risco de atraso na entrega.']);
    expect(result.action).toBe('review');
  });

  it('asks for the text when there is none, and does not approve nothing', async () => {
    const result = await run('agent_business', '');
    expect(result.action).toBe('review');
    expect(result.output).toMatch(/^No text was given/);
  });
});

describe('offline development agent', () => {
  const request = [
    'Users should be able to export their container metrics as CSV so that they can share them with finance.',
    'When the export has more than 10,000 rows, stream it instead of building it in memory.',
    'Add a button on the metrics page and log each export; the file name must include the container name.',
    '```ts',
    'export function toCsv(rows: string[][]): string {',
    "  return rows.map((row) => row.join(',')).join('\\n');",
    '}',
    '```',
  ].join('\n');

  it('writes a user story, Given/When/Then criteria, one task per clause and notes on the code', async () => {
    const result = await run('agent_development', request);
    expect(result.action).toBe('ready');
    expect(result.output.match(/^## .+$/gm)).toEqual([
      '## User story',
      '## Acceptance criteria',
      '## Tasks',
      '## Code notes',
    ]);
    expect(section(result.output, 'User story')).toEqual([
      'As a user, I want to export their container metrics as CSV, so that they can share them with finance.',
    ]);
    const criteria = section(result.output, 'Acceptance criteria');
    for (const line of criteria) expect(line).toMatch(/^- Given .+, when .+, then .+\.$/);
    expect(criteria).toContain(
      '- Given the change is in place, when the export has more than 10,000 rows, then stream it instead of building it in memory.',
    );
    expect(section(result.output, 'Tasks')).toEqual([
      '1. Implement: users should be able to export their container metrics as CSV',
      '2. Handle: when the export has more than 10,000 rows, stream it instead of building it in memory',
      '3. Add a button on the metrics page',
      '4. Log each export',
      '5. Implement: the file name must include the container name',
      '6. Review the pasted code (one block).',
      '7. Write tests for the acceptance criteria.',
    ]);
    expect(section(result.output, 'Code notes')).toEqual(['- Block 1: ts, 3 lines']);
  });

  it('leaves out the code notes without code, and asks for detail under 8 words', async () => {
    const short = await run('agent_development', 'Fix the login bug');
    expect(short.action).toBe('needs_detail');
    expect(short.output).not.toContain('## Code notes');
    expect(section(short.output, 'User story')).toEqual(['As a user, I want to fix the login bug.']);
    expect(short.output).toMatch(/Needs detail: the request has 4 words/);
    const enough = await run('agent_development', 'Managers need to see the monthly invoice total on the dashboard');
    expect(enough.action).toBe('ready');
    expect(section(enough.output, 'User story')).toEqual([
      'As a manager, I want to see the monthly invoice total on the dashboard.',
    ]);
  });

  it('handles code alone, and no input at all', async () => {
    const codeOnly = await run('agent_development', '```python\nprint(1)\n```');
    expect(codeOnly.action).toBe('needs_detail');
    expect(section(codeOnly.output, 'Code notes')).toEqual(['- Block 1: python, 1 line']);
    const empty = await run('agent_development', '');
    expect(empty.action).toBe('needs_detail');
    expect(empty.output).toMatch(/^No request was given/);
  });
});

describe('offline marketing agent', () => {
  const brief =
    'Nuvem Containers are now available in Lisbon. Launch a container in seconds, pay by the minute, and keep your data in Portugal. Containers start with open-source images and scale with your traffic.';

  it('drafts a headline, a tagline, a social post and hashtags from the key words', async () => {
    const result = await run('agent_marketing', brief);
    expect(result.action).toBe('draft');
    expect(result.output.match(/^## .+$/gm)).toEqual(['## Headline', '## Tagline', '## Social post', '## Hashtags']);
    expect(section(result.output, 'Headline')).toEqual(['Nuvem Containers are now available in Lisbon']);
    // 'container' and 'Containers' count together (3), then the words seen once, first seen first.
    expect(section(result.output, 'Hashtags')).toEqual(['#Containers #Nuvem #Available #Lisbon #Launch']);
    expect(section(result.output, 'Tagline')).toEqual(['Containers. Nuvem. Available.']);
    const post = result.output.split('## Social post\n')[1]?.split('\n\n## Hashtags')[0] ?? '';
    expect(post).toBe(`${brief}\n\n#Containers #Nuvem #Available`);
  });

  it('keeps the social post within 280 characters however long the brief', async () => {
    const long = 'Our cloud platform hosts every workload you have with care. '.repeat(30);
    const result = await run('agent_marketing', long);
    const post = result.output.split('## Social post\n')[1]?.split('\n\n## Hashtags')[0] ?? '';
    expect(post.length).toBeLessThanOrEqual(SOCIAL_POST_MAX_CHARS);
    expect(post).toMatch(/^Our cloud platform/);
    expect(post.endsWith('#Cloud #Platform #Hosts')).toBe(true);
    const oneSentence = await run('agent_marketing', `${'word '.repeat(200)}end.`);
    const cut = oneSentence.output.split('## Social post\n')[1]?.split('\n\n## Hashtags')[0] ?? '';
    expect(cut.length).toBeLessThanOrEqual(SOCIAL_POST_MAX_CHARS);
  });

  it('writes hashtags in CamelCase without stop words, at most five', () => {
    expect(keywords('the open-source cloud and the open-source tools of the cloud', 5)).toEqual([
      'open-source',
      'cloud',
      'tools',
    ]);
    expect(keywords('a b c d e f g h i j k l m n o p', 5)).toEqual([]);
  });

  it('asks for a brief when there is none', async () => {
    const result = await run('agent_marketing', ' \n ');
    expect(result.action).toBe('draft');
    expect(result.output).toMatch(/^No brief was given/);
  });
});

describe('offline agents on large inputs', () => {
  // 16,000 characters of varied prose with a code block: the engine's largest input.
  const paragraph =
    'Our goal is to increase revenue by 10% this year. The main risk is a delay in hiring. We will hire two engineers in March. Users should be able to export reports as CSV; add a button and log each export. ';
  const big = `${paragraph.repeat(80)}\n\`\`\`js\n${'console.log(1);\n'.repeat(50)}\`\`\`\n`.slice(0, 16_000);

  it('runs 1,000 calls of each non-rag agent on a 16,000-character input without error', async () => {
    expect(big.length).toBe(16_000);
    for (const agentId of ['agent_business', 'agent_development', 'agent_marketing']) {
      let last = '';
      for (let i = 0; i < 1_000; i += 1) last = (await run(agentId, big)).output;
      expect(last.length).toBeGreaterThan(100);
    }
  });

  it('shows a bounded number of items per section of a long brief', async () => {
    const result = await run('agent_business', big);
    expect(section(result.output, 'Risks')).toHaveLength(9);
    expect(section(result.output, 'Risks').at(-1)).toMatch(/^- …and \d+ more$/);
  });
});
