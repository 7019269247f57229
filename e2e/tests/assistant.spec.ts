import { expect, test } from '../fixtures';

// The assistant (dock slot 2) talks to the portal's agents through the workflow service (offline
// agents here): a question to the Knowledge agent is answered from the user's own documents.

test('answers from the knowledge base with its source, and keeps the conversation @mobile', async ({
  page,
  login,
  baseURL,
}) => {
  await login();
  // A document of this user's knowledge base, added through the API (the Knowledge tab's call).
  const added = await page.request.post('/api/mlm/knowledge', {
    headers: { origin: baseURL ?? '' },
    data: {
      title: 'Backup policy',
      content: 'Snapshots of every container are taken nightly at 02:00 UTC and kept for 14 days.',
    },
  });
  expect(added.status()).toBe(201);

  await page.goto('/?app=2');
  await expect(page.getByRole('heading', { level: 1, name: 'ChatGPT' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Knowledge Agent (RAG)' })).toBeChecked();
  await expect(page.getByText('Offline agents').first()).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('How long are snapshots kept?');
  await box.press('Enter');
  const conversation = page.getByRole('log', { name: 'Conversation' });
  await expect(conversation.getByRole('article', { name: 'You' })).toContainText('How long are snapshots kept?');
  const answer = conversation.getByRole('article', { name: 'Knowledge Agent (RAG)' });
  await expect(answer).toContainText('14 days');
  await expect(answer.getByRole('list', { name: 'Sources' })).toContainText('Backup policy');
  await expect(box).toHaveValue('');

  // Another agent, same conversation; New chat clears it.
  // The radio is the card's native input, visually hidden: the card (its label) is what a user clicks.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Marketing Writer' }) })
    .click();
  await expect(page.getByRole('radio', { name: 'Marketing Writer' })).toBeChecked();
  await box.fill('Write a tagline for our nightly snapshots');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(conversation.getByRole('article', { name: 'Marketing Writer' })).toContainText('Headline');
  await page.getByRole('button', { name: 'New chat' }).click();
  await expect(conversation.getByRole('article')).toHaveCount(0);
});

test('keeps a conversation going: a later answer is about the new message, shows no prompt text, and nothing is blocked', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/?app=2');
  await expect(page.getByRole('heading', { level: 1, name: 'ChatGPT' })).toBeVisible();
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Developer' }) })
    .click();
  await expect(page.getByRole('radio', { name: 'Developer' })).toBeChecked();

  const box = page.getByRole('textbox', { name: 'Message' });
  const conversation = page.getByRole('log', { name: 'Conversation' });
  const answers = conversation.getByRole('article', { name: 'Developer' });
  const messages = [
    'We want to add a dark mode to the portal.',
    'Which pages should get it first?',
    'And how do we test it?',
  ];
  for (const [index, message] of messages.entries()) {
    await box.fill(message);
    await box.press('Enter');
    // Answered, not refused: a message the security layer blocks is taken back out of the
    // conversation and an alert says why.
    await expect(answers).toHaveCount(index + 1);
    await expect(conversation.getByRole('article', { name: 'You' })).toHaveCount(index + 1);
  }
  await expect(page.getByRole('alert').filter({ hasText: /blocked|security/i })).toHaveCount(0);

  // The conversation so far is given to the agent as data: none of the wrapping the server puts
  // around it ("Conversation so far: User: …", "As a user, I want this addressed: conversation…")
  // comes back in an answer. (The Developer's own format starts "As a user, I want …": that stays.)
  for (const later of [answers.nth(1), answers.nth(2)]) {
    await expect(later).not.toContainText(/conversation so far/i);
    await expect(later).not.toContainText(/As a user, I want this addressed: conversation/i);
    await expect(later).not.toContainText(/(?:^|\s)(?:User|Assistant):/);
  }
  await expect(answers.nth(1)).toContainText(/which pages/i);
});
