import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../fixtures';

// The e2e server seeds a catalogue of 60 events (SEED_EVENTS_COUNT, a fixed seed, dates spread
// around now), so the categories exist and the list has several pages. Each test adds its own
// events, whose titles share a word no other event has: searching for it finds exactly them.

// "When" is computed in the visitor's time zone: pin it, so 'tomorrow' is the same day here.
const timeZone = 'Europe/Lisbon';
test.use({ timezoneId: timeZone });

interface CreatedEvent {
  id: string;
  title: string;
}

/** A word of letters only, unique to this test (full-text search matches it exactly). */
function uniqueWord(): string {
  return [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}

/** Noon UTC `days` from today in Lisbon: the same calendar day there, summer or winter. */
function lisbonNoon(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString();
}

function hoursAfter(iso: string, hours: number): string {
  return new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString();
}

/** Creates an event as the user signed in on `request` (POST /api/events). */
async function createEvent(
  request: APIRequestContext,
  baseURL: string,
  event: {
    title: string;
    category: string;
    start: string;
    /** Hours from start to end (2 unless given). */
    hours?: number;
    city?: string;
    tickets: { name: string; price: number; capacity: number }[];
  },
): Promise<CreatedEvent> {
  const res = await request.post('/api/events', {
    headers: { origin: baseURL },
    data: {
      title: event.title,
      description: `${event.title}: an evening made for the browser tests.`,
      category: event.category,
      start_date: event.start,
      end_date: hoursAfter(event.start, event.hours ?? 2),
      is_online: !event.city,
      ...(event.city
        ? { venue: { name: `${event.city} Hall`, city: event.city, country: 'Portugal' } }
        : { online_url: 'https://meet.example.com/room' }),
      currency: 'EUR',
      ticket_types: event.tickets,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as CreatedEvent;
  return { id: body.id, title: body.title };
}

/** On a phone the filter panel is folded behind a button; open it (on a desktop it is always there). */
async function showFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Show filters/ });
  if (await toggle.isVisible()) await toggle.click();
  await expect(page.getByRole('heading', { name: 'Filters' })).toBeVisible();
}

const found = (page: Page, count: number) => page.getByText(`${count} ${count === 1 ? 'event' : 'events'} found`);
const cards = (page: Page) => page.getByRole('list', { name: 'Events' }).getByRole('article');

test('searches, filters by When and category, shares the filtered address, and Back undoes a filter @mobile', async ({
  page,
  login,
  baseURL,
  browser,
}) => {
  await login();
  const word = uniqueWord();
  const title = (rest: string) => `${word[0]!.toUpperCase()}${word.slice(1)} ${rest}`;
  await createEvent(page.request, baseURL!, {
    title: title('Aurora Jazz'),
    category: 'live-music',
    start: lisbonNoon(1),
    city: 'Lisboa',
    tickets: [{ name: 'General admission', price: 0, capacity: 50 }],
  });
  await createEvent(page.request, baseURL!, {
    title: title('Borealis Strings'),
    category: 'live-music',
    start: lisbonNoon(12),
    tickets: [{ name: 'Standard', price: 20, capacity: 30 }],
  });
  await createEvent(page.request, baseURL!, {
    title: title('Cobalt Summit'),
    category: 'tech-conference',
    start: lisbonNoon(12),
    city: 'Porto',
    tickets: [{ name: 'Standard', price: 40, capacity: 100 }],
  });

  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page.getByText('Where Moments Become Memories')).toBeVisible();
  await expect(page.getByText(/^\d+ events found$/)).toBeVisible();
  await expect(page.getByText(/^\d+ events available$/)).toBeVisible();

  // The search applies itself once typing stops, sorted by relevance (not written in the address:
  // it is the search's default).
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveText('Upcoming');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(word);
  await expect(found(page, 3)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]search=${word}(&|$)`));
  await expect(cards(page)).toHaveCount(3);
  await expect(sort).toHaveText('Relevance');
  await expect(page).not.toHaveURL(/[?&]sort=/);

  await showFilters(page);
  await page.getByRole('radio', { name: 'Tomorrow' }).check();
  await expect(found(page, 1)).toBeVisible();
  await expect(page).toHaveURL(/[?&]when=tomorrow(&|$)/);
  await expect(cards(page).getByRole('heading', { name: title('Aurora Jazz') })).toBeVisible();

  await page.getByRole('radio', { name: 'Any time' }).check();
  await expect(found(page, 3)).toBeVisible();
  const liveMusic = page.getByRole('checkbox', { name: 'Live Music' });
  await liveMusic.check();
  await expect(found(page, 2)).toBeVisible();
  await expect(page).toHaveURL(/[?&]category=live-music(&|$)/);
  await expect(cards(page).getByRole('heading', { name: title('Cobalt Summit') })).toHaveCount(0);

  // The address is the list: another visitor opening it sees the same search, filter and events.
  const shared = page.url();
  const other = await browser.newContext({ baseURL, timezoneId: timeZone });
  try {
    const visitor = await other.newPage();
    await visitor.goto(shared);
    await expect(found(visitor, 2)).toBeVisible();
    await expect(visitor.getByRole('searchbox', { name: 'Search events' })).toHaveValue(word);
    await showFilters(visitor);
    await expect(visitor.getByRole('checkbox', { name: 'Live Music' })).toBeChecked();
    await expect(visitor.getByRole('radio', { name: 'Any time' })).toBeChecked();
    await expect(cards(visitor).getByRole('heading', { name: title('Aurora Jazz') })).toBeVisible();
    await expect(cards(visitor).getByRole('heading', { name: title('Borealis Strings') })).toBeVisible();
  } finally {
    await other.close();
  }

  // Back undoes the category; a filter change is a step of history.
  await page.goBack();
  await expect(found(page, 3)).toBeVisible();
  await expect(liveMusic).not.toBeChecked();

  // The price filters are real: from 10 up leaves the paid two...
  await page.getByRole('slider', { name: 'Lowest price' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]price_min=10(&|$)/);
  await expect(found(page, 2)).toBeVisible();
  // ...and 'Free Events Only' the free one, the price range leaving the address and the slider
  // saying why it is off.
  await page.getByRole('checkbox', { name: 'Free Events Only' }).check();
  await expect(found(page, 1)).toBeVisible();
  await expect(cards(page).getByText('FREE')).toBeVisible();
  await expect(page).toHaveURL(/[?&]free=1(&|$)/);
  await expect(page).not.toHaveURL(/price_min|price_max/);
  await expect(page.getByRole('slider', { name: 'Lowest price' })).toHaveAttribute('data-disabled', '');
  await expect(page.getByText('Free events only: the price range does not apply.')).toBeVisible();

  await page.getByRole('button', { name: 'Reset all' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('');
});

test('pages through the catalogue, scrolling back to the top', async ({ page }) => {
  await page.goto('/events');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const numbered = pager.getByRole('button', { name: /^Page \d+$/ });
  expect(await numbered.count()).toBeGreaterThanOrEqual(2);
  expect(await numbered.count()).toBeLessThanOrEqual(5);

  const firstTitle = await cards(page).first().getByRole('heading').innerText();
  await pager.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(cards(page).first().getByRole('heading')).not.toHaveText(firstTitle);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(cards(page).first().getByRole('heading')).toHaveText(firstTitle);
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  // A new sort starts again from page 1.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Most popular' }).click();
  await expect(page).toHaveURL(/[?&]sort=popularity(&|$)/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
});

test('a page past the end shows the last page; an unknown category says so and can be removed', async ({ page }) => {
  await page.goto('/events?page=99');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  const position = pager.getByText(/^Page (\d+) of \1$/);
  await expect(position).toBeVisible();
  const last = /^Page (\d+)/.exec(await position.innerText())![1]!;
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
  expect(await cards(page).count()).toBeGreaterThan(0);

  await page.goto('/events?category=nope');
  await expect(page.getByText('No category "nope"')).toBeVisible();
  await expect(page.getByText('No events found')).toBeVisible();
  await page.getByRole('button', { name: 'Remove the category filter' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText(/^\d+ events found$/)).toBeVisible();
  await expect(page.getByText(/No category/)).toHaveCount(0);
});

test('an event page opens at its top, even from a list scrolled down to the card', async ({ page }) => {
  await page.goto('/events');
  const card = cards(page).last();
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const title = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: title }).click();
  await page.getByRole('dialog', { name: title }).getByRole('link', { name: 'View event page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The page is long enough to have stayed scrolled down.
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the pager keeps to one line, on a phone too @mobile', async ({ page }) => {
  await page.goto('/events');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  const previous = await pager.getByRole('button', { name: 'Previous' }).boundingBox();
  const next = await pager.getByRole('button', { name: 'Next' }).boundingBox();
  expect(next!.y).toBe(previous!.y);
  expect(next!.x + next!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test.describe('on a phone', () => {
  // The filter panel folds away below the large breakpoint: every project runs this at a phone's size.
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the filters' 'Show N results' folds them away and brings the results into view", async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByText(/^\d+ events found$/)).toBeVisible();
    await showFilters(page);
    await page.getByRole('radio', { name: 'Next 30 days' }).check();
    const show = page.getByRole('button', { name: /^Show \d+ results?$/ });
    const count = /\d+/.exec(await show.innerText())![0];
    await show.click();
    await expect(page.getByRole('heading', { name: 'Filters' })).toBeHidden();
    const line = page.getByText(`${count} events found`);
    await expect(line).toBeFocused();
    await expect(line).toBeInViewport();
  });
});

test('opens an event from the quick view, signs in from it, registers and cancels the registration', async ({
  page,
  baseURL,
  playwright,
}) => {
  // An organiser (another account, on its own connection) publishes the event.
  const organiser = await playwright.request.newContext({ baseURL });
  const word = uniqueWord();
  let event: CreatedEvent;
  try {
    const res = await organiser.post('/auth/register', {
      headers: { origin: baseURL! },
      data: { email: uniqueEmail('organiser'), password: 'a long passphrase', displayName: 'Quartz Collective' },
    });
    expect(res.status(), await res.text()).toBe(201);
    event = await createEvent(organiser, baseURL!, {
      title: `${word} Quartz Workshop`,
      category: 'education-and-workshops',
      start: lisbonNoon(5),
      city: 'Braga',
      tickets: [
        { name: 'General', price: 0, capacity: 5 },
        { name: 'VIP', price: 15, capacity: 2 },
      ],
    });
  } finally {
    await organiser.dispose();
  }

  await page.goto(`/events?search=${word}`);
  await expect(found(page, 1)).toBeVisible();
  const opener = cards(page).getByRole('button', { name: event.title });
  await opener.click();
  const quickView = page.getByRole('dialog', { name: event.title });
  await expect(quickView.getByText('By Quartz Collective')).toBeVisible();
  // Closing it (Escape, or Close) puts focus back on the card that opened it.
  await page.keyboard.press('Escape');
  await expect(quickView).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await quickView.getByRole('button', { name: 'Close' }).click();
  await expect(quickView).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(quickView.getByText('By Quartz Collective')).toBeVisible();
  await expect(quickView.getByText('Braga')).toBeVisible();
  await expect(quickView.getByText('7 tickets left')).toBeVisible();
  await quickView.getByRole('link', { name: 'View event page' }).click();

  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All events' })).toHaveAttribute('href', `/events?search=${word}`);
  const calendar = await page.request.get(
    (await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
  );
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toContain('text/calendar');
  expect(await calendar.text()).toContain(event.title);

  // Signed out: sent to sign in (a new account here), and brought back to the event.
  await page.getByRole('link', { name: 'Sign in to register' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fevents%2F${event.id}$`));
  await page.getByRole('button', { name: 'Create an account' }).click();
  const register = page.getByRole('form', { name: 'Create account' });
  await register.getByLabel('Display name').fill('Rita Lopes');
  await register.getByLabel('Email').fill(uniqueEmail('rita'));
  await register.getByLabel('Password').fill('a long passphrase');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}$`));

  // A paid ticket says how it is paid for: reserved here, paid to the organiser at the event.
  const payment = page.getByText(
    'Nuvem reserves this ticket for you; you pay the organiser at the event. No payment is taken online.',
  );
  const tickets = page.getByRole('group', { name: 'Choose a ticket' });
  await expect(tickets.getByRole('radio', { name: /General/ })).toBeChecked();
  await expect(payment).toHaveCount(0);
  await tickets.getByRole('radio', { name: /VIP/ }).check();
  await expect(payment).toBeVisible();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('You are registered', { exact: true })).toBeVisible();
  await expect(page.getByText('Ticket: VIP')).toBeVisible();
  await expect(page.getByText('1 attending')).toBeVisible();
  await expect(page.getByText('6 tickets left')).toBeVisible();
  await expect(page.getByText('1 left of 2')).toBeVisible();

  // The registration holds after a reload (it is the server's).
  await page.reload();
  await expect(page.getByText('Ticket: VIP')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel registration' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your registration?' });
  await confirm.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
  await expect(page.getByText('7 tickets left')).toBeVisible();
  await expect(page.getByText(/\d+ attending/)).toHaveCount(0);
  await expect(page.getByText('2 left of 2')).toBeVisible();
});

test.describe('for a visitor whose browser is British English', () => {
  test.use({ locale: 'en-GB' });

  test('times follow the 24-hour clock and name the time zone; an event over or under way closes registration', async ({
    page,
    login,
    baseURL,
  }) => {
    await login();
    const word = uniqueWord();
    const coming = await createEvent(page.request, baseURL!, {
      title: `${word} Tide Talks`,
      category: 'tech-conference',
      start: lisbonNoon(5),
      city: 'Faro',
      tickets: [{ name: 'Standard', price: 12, capacity: 20 }],
    });
    const over = await createEvent(page.request, baseURL!, {
      title: `${word} Ember Market`,
      category: 'food-and-drink',
      start: lisbonNoon(-3),
      city: 'Évora',
      tickets: [{ name: 'Standard', price: 5, capacity: 20 }],
    });
    const running = await createEvent(page.request, baseURL!, {
      title: `${word} Drift Session`,
      category: 'live-music',
      start: hoursAfter(new Date().toISOString(), -1),
      hours: 3,
      city: 'Porto',
      tickets: [{ name: 'Standard', price: 0, capacity: 20 }],
    });

    // 12:00 to 14:00 UTC is 12:00 to 14:00 WET in winter, 13:00 to 15:00 WEST in summer.
    await page.goto(`/events?search=${word}`);
    await expect(found(page, 1)).toBeVisible();
    const card = cards(page).first();
    await expect(card.getByText(/ • 1[23]:00 - 1[45]:00$/)).toBeVisible();
    await card.getByRole('button', { name: coming.title }).click();
    const quickView = page.getByRole('dialog', { name: coming.title });
    await expect(quickView.getByText(/ • 1[23]:00 - 1[45]:00 WES?T$/)).toBeVisible();
    await quickView.getByRole('link', { name: 'View event page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: coming.title })).toBeVisible();
    await expect(page.getByText(/ • 1[23]:00 - 1[45]:00 WES?T$/)).toBeVisible();
    const schedule = page.getByRole('region', { name: 'Schedule' });
    await expect(schedule.locator('time').first()).toHaveText(/ • 1[23]:00 WES?T$/);
    await expect(page.getByText(/\b(AM|PM)\b/)).toHaveCount(0);

    await page.goto(`/events/${over.id}`);
    await expect(page.getByRole('heading', { level: 1, name: over.title })).toBeVisible();
    await expect(page.getByText('Registration is closed: the event has ended.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This event has already taken place' })).toBeVisible();
    await expect(page.getByText(/tickets? left|left of/)).toHaveCount(0);

    await page.goto(`/events/${running.id}`);
    await expect(page.getByRole('heading', { level: 1, name: running.title })).toBeVisible();
    await expect(page.getByText('Registration is closed: the event has started.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This event has already taken place' })).toHaveCount(0);
  });
});
