import { describe, expect, it } from 'vitest';
import { businessBrief, developmentPlan, marketingDraft } from './offline-driver.js';
import { readUpstream } from './upstream.js';

const brief = businessBrief(
  'Our goal is to increase sign-ups for the new backup service by 20% this quarter. We will launch a landing page and an onboarding email.',
).output;

function section(output: string, name: string): string {
  return output.split(`## ${name}\n`)[1]?.split('\n\n## ')[0]?.trim() ?? '';
}

describe("reading the previous agent's output", () => {
  it('passes plain text through as it was', () => {
    const text = 'Export the monthly report as PDF. Managers share it with the board.';
    expect(readUpstream(text)).toMatchObject({ prose: text, structured: false });
  });

  it('reads headings and items as sentences, each once, without placeholders', () => {
    const read = readUpstream(brief);
    expect(read.structured).toBe(true);
    expect(read.prose.split('\n')).toEqual([
      'Our goal is to increase sign-ups for the new backup service by 20% this quarter.',
      'We will launch a landing page and an onboarding email.',
    ]);
    expect(read.prose).not.toMatch(/Summary|Objectives|Risks|Next steps|None named/);
    expect(read.sections.get('risks')).toBeUndefined();
  });

  it("unwraps the development agent's criteria and tasks, and drops its boilerplate", () => {
    const plan = [
      '## User story',
      'As a manager, I want to export reports, so that I can share them.',
      '',
      '## Acceptance criteria',
      '- Given the change is in place, when the list is empty, then a hint is shown.',
      '- Given the change is in place, when it is checked, then "Export reports as PDF" is done.',
      '- Given the change is in place, when it is used, then reports load in a second.',
      '- …and one criterion for each other requirement of the request.',
      '',
      '## Tasks',
      '1. Implement: reports load in a second',
      '2. Write tests for the acceptance criteria.',
    ].join('\n');
    expect(readUpstream(plan).prose.split('\n')).toEqual([
      'As a manager, I want to export reports, so that I can share them.',
      'When the list is empty, a hint is shown.',
      'Export reports as PDF.',
      'Reports load in a second.',
    ]);
  });

  it('leaves out sources, citation marks, hashtags, the instructions line and the sections asked', () => {
    const answer =
      'Instructions: Be brief.\n\nBackups run nightly [1]. They are kept 30 days [2].\n\nSources:\n[1] Backups\n[2] Retention';
    expect(readUpstream(`## Answer\n${answer.split('\n\n').slice(1).join('\n\n')}`).prose).toBe(
      'Backups run nightly.\nThey are kept 30 days.',
    );
    const draft =
      '## Headline\nFast backups\n\n## Tagline\nFast. Backups.\n\n## Social post\nBackups in minutes.\n\n#Fast #Backups\n\n## Hashtags\n#Fast #Backups';
    expect(readUpstream(draft).prose).toBe('Fast backups.\nBackups in minutes.');
    expect(readUpstream(brief, ['next steps']).prose).toBe(
      'Our goal is to increase sign-ups for the new backup service by 20% this quarter.',
    );
    expect(readUpstream(`Instructions: Be brief.\n\n${brief}`).prose).not.toContain('Be brief');
  });

  it('keeps fenced code as it is', () => {
    const text = '## Tasks\n1. Fix the loop\n\n```js\n## not a heading\n- not an item\n```';
    expect(readUpstream(text).prose).toBe('Fix the loop.\n```js\n## not a heading\n- not an item\n```');
  });
});

describe('offline agents in a chain (business -> development -> marketing)', () => {
  const plan = developmentPlan(brief).output;
  const draft = marketingDraft(plan).output;

  it("plans the brief's goal and next step, not its headings or risks", () => {
    expect(section(plan, 'User story')).toBe(
      'As a user, I want to increase sign-ups for the new backup service by 20% this quarter.',
    );
    expect(section(plan, 'Tasks').split('\n')).toEqual([
      '1. Increase sign-ups for the new backup service by 20% this quarter',
      '2. Launch a landing page and an onboarding email',
      '3. Write tests for the acceptance criteria.',
    ]);
    expect(plan).not.toMatch(/summary|objectives|none named|Implement: /i);
  });

  it("drafts copy from the plan's story, with key words of the product, not of the template", () => {
    expect(section(draft, 'Headline')).toBe('Increase sign-ups for the new backup service by 20% this quarter');
    expect(section(draft, 'Tagline')).toBe('Sign-ups. Backup. Service.');
    expect(draft).not.toMatch(/#Given|#Change|#Place|#User|#Want|Acceptance|Given\./);
  });

  it('tells a user story to the people it is for', () => {
    const story = marketingDraft(
      '## User story\nAs a manager, I want to export reports, so that I can share them with my team.',
    );
    expect(section(story.output, 'Headline')).toBe('Export reports, so that you can share them with your team');
  });

  it('drafts copy from a brief without its risks', () => {
    const risky = businessBrief('We will launch the backup service in May. The budget could overrun.').output;
    expect(marketingDraft(risky).output).not.toMatch(/budget|overrun/i);
  });
});
