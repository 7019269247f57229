import {
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_NAME_MIN_LENGTH,
  ENQUIRY_PHONE_MAX_LENGTH,
  programmeEnquiryReceived,
} from '@nuvem/contracts/programme';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { ProgrammePage } from './programme-page';

const enquiryRoute = 'POST /api/programme/enquiries';
const received = {
  success: true,
  message: programmeEnquiryReceived,
  enquiry: { id: 'enq_1', created_at: '2025-01-01T00:00:00.000Z' },
};

function renderPage(handler: FetchHandler = reply(received, 201)) {
  const fetchSpy = mockFetch({ [enquiryRoute]: handler });
  const router = createMemoryRouter(
    [
      { path: '/ingeniousgen', element: <ProgrammePage /> },
      { path: '/ingeniousgen/programa', element: <p>printable programme</p> },
    ],
    { initialEntries: ['/ingeniousgen'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchSpy, router, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function openForm(user: User, cta = 'Enrol now') {
  await user.click(screen.getByRole('button', { name: cta }));
  return screen.findByRole('dialog', { name: 'Contact request' });
}

async function fillValid(user: User, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText(/^Name/), 'Ana Silva');
  await user.type(within(dialog).getByLabelText(/^E-mail/), 'ana@example.pt');
  await user.click(within(dialog).getByRole('checkbox', { name: /^I agree to be contacted/ }));
}

const send = (user: User, dialog: HTMLElement) =>
  user.click(within(dialog).getByRole('button', { name: 'Send request' }));

describe('ProgrammePage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the hero, the six offerings with three highlights each, and the figures (English)', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeInTheDocument();
    expect(
      screen.getByText('Training, internships and jobs for the new generation of tech talent.'),
    ).toBeInTheDocument();
    const offerings = screen.getAllByRole('article');
    expect(offerings.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Internships at partner companies',
      'Intensive bootcamps',
      'Contests and challenges',
      'Complementary training with certification',
      'Project exhibition and networking',
      'Placement and entrepreneurship support',
    ]);
    for (const card of offerings) expect(within(card).getAllByRole('listitem')).toHaveLength(3);

    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'partner companies',
      'placement rate',
      'graduates',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['500+', '95%', '10k+']);
    expect(screen.getByRole('heading', { level: 2, name: 'Ready to take the next step?' })).toBeInTheDocument();
  });

  it("shows the spec's Portuguese texts in European Portuguese, the form and its confirmation too", async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeInTheDocument();
    expect(
      screen.getByText('Formação, estágios e emprego para a nova geração de talento tecnológico.'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      'Estágios em empresas parceiras',
      'Bootcamps intensivos',
      'Concursos e desafios',
      'Formação complementar com certificação',
      'Exposição de projetos e networking',
      'Apoio à empregabilidade e ao empreendedorismo',
    ]);
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'empresas parceiras',
      'taxa de empregabilidade',
      'formados',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'O que oferecemos' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Pronto para dar o próximo passo?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tenho interesse em Bootcamps intensivos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descarregar programa' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Falar com um consultor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido de contacto' });
    expect(within(dialog).getByRole('radio', { name: 'Quero falar com um consultor' })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(within(dialog).getByLabelText(/^Nome/)).toHaveAccessibleDescription(
      `Use pelo menos ${ENQUIRY_NAME_MIN_LENGTH} caracteres.`,
    );
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveAccessibleDescription(
      'Introduza um endereço de e-mail como nome@exemplo.pt.',
    );
    expect(within(dialog).getByRole('checkbox', { name: /^Aceito ser contactado/ })).toHaveAccessibleDescription(
      'Aceite ser contactado para lhe enviarmos a resposta.',
    );

    await user.type(within(dialog).getByLabelText(/^Nome/), 'Ana Silva');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'example.pt');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Aceito ser contactado/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    // The confirmation is the one the server sends in Portuguese, word for word.
    expect(await within(dialog).findByRole('status')).toHaveTextContent(programmeEnquiryReceived);
    expect(await screen.findByText('Pedido enviado')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Fechar$|^Close$/ })[0]).toHaveTextContent('Fechar');
  });

  it.each([
    ['Enrol now', 'I want to enrol'],
    ['Learn more', 'I want to learn more'],
    ['Talk to a consultant', 'I want to talk to a consultant'],
  ])('"%s" opens the contact form with "%s" chosen', async (cta, interest) => {
    const { user } = renderPage();
    const dialog = await openForm(user, cta);
    expect(within(dialog).getByRole('group', { name: 'What would you like to do?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: interest })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Offering of interest (optional)' })).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
  });

  it("an offering's own button preselects that offering", async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: "I'm interested in Intensive bootcamps" }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact request' });
    expect(within(dialog).getByRole('combobox', { name: 'Offering of interest (optional)' })).toHaveValue('bootcamps');
    expect(within(dialog).getByRole('radio', { name: 'I want to learn more' })).toBeChecked();
  });

  it('links "Download the programme" to the printable programme', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Download the programme' }));
    expect(router.state.location.pathname).toBe('/ingeniousgen/programa');
  });

  it('shows the rules of the optional fields before anything is typed', async () => {
    const { user } = renderPage();
    const dialog = await openForm(user);
    expect(within(dialog).getByLabelText('Phone (optional)')).toHaveAccessibleDescription(
      `Digits, spaces, +, ( ) and -; up to ${ENQUIRY_PHONE_MAX_LENGTH} characters.`,
    );
    expect(within(dialog).getByLabelText('Message (optional)')).toHaveAccessibleDescription('Up to 2,000 characters.');
  });

  it('blocks a bad e-mail and a missing consent on the client and sends nothing', async () => {
    const { user, fetchSpy } = renderPage();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Ana Silva');
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'ana@');
    await send(user, dialog);

    const email = within(dialog).getByLabelText(/^E-mail/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an e-mail address such as name@example.com.');
    expect(email).toHaveFocus();
    const consent = within(dialog).getByRole('checkbox', { name: /^I agree to be contacted/ });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Agree to be contacted so that we can send you an answer.');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'false');
    expect(fetchCalls(fetchSpy, enquiryRoute)).toHaveLength(0);

    // Correcting a field clears its message.
    await user.click(consent);
    expect(
      within(dialog).queryByText('Agree to be contacted so that we can send you an answer.'),
    ).not.toBeInTheDocument();
    expect(consent).toHaveAttribute('aria-invalid', 'false');
  });

  it("refuses a name one character over the contract's limit, and accepts it at the limit", async () => {
    const { user, fetchSpy } = renderPage();
    const dialog = await openForm(user);
    await fillValid(user, dialog);
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'a'.repeat(ENQUIRY_NAME_MAX_LENGTH + 1));
    await send(user, dialog);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(`Use at most ${ENQUIRY_NAME_MAX_LENGTH} characters.`);
    expect(fetchCalls(fetchSpy, enquiryRoute)).toHaveLength(0);

    await user.type(name, '{Backspace}');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await send(user, dialog);
    expect(await within(dialog).findByRole('status')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, enquiryRoute).map((call) => (call.body as { name: string }).name)).toEqual([
      'a'.repeat(ENQUIRY_NAME_MAX_LENGTH),
    ]);
  });

  it('words a phone with letters, and a phone over its limit, in plain words', async () => {
    const { user, fetchSpy } = renderPage();
    const dialog = await openForm(user);
    await fillValid(user, dialog);
    const phone = within(dialog).getByLabelText('Phone (optional)');
    await user.type(phone, 'call me');
    await send(user, dialog);
    expect(phone).toHaveAccessibleDescription(
      `Use only digits, spaces, +, ( ) and -. Digits, spaces, +, ( ) and -; up to ${ENQUIRY_PHONE_MAX_LENGTH} characters.`,
    );
    await user.clear(phone);
    await user.type(phone, '9'.repeat(ENQUIRY_PHONE_MAX_LENGTH + 1));
    expect(within(dialog).getByText(`Use at most ${ENQUIRY_PHONE_MAX_LENGTH} characters.`)).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, enquiryRoute)).toHaveLength(0);
  });

  it('sends the exact body, shows a pending state, then the confirmation and a toast', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchSpy } = renderPage(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const dialog = await openForm(user, 'Talk to a consultant');
    await fillValid(user, dialog);
    await user.type(within(dialog).getByLabelText('Phone (optional)'), '+351 912 345 678');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Offering of interest (optional)' }),
      'Contests and challenges',
    );
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'When does it start?');
    await send(user, dialog);

    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(fetchCalls(fetchSpy, enquiryRoute).map((call) => call.body)).toEqual([
      {
        name: 'Ana Silva',
        email: 'ana@example.pt',
        phone: '+351 912 345 678',
        interest: 'consultor',
        offering: 'concursos',
        message: 'When does it start?',
        consent: true,
      },
    ]);

    answer(new Response(JSON.stringify(received), { status: 201, headers: { 'content-type': 'application/json' } }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thank you! We have received your request and will be in touch soon.',
    );
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();

    // The confirmation's own Close button comes first; the dialog's corner button is the other.
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves empty optional fields out of the body', async () => {
    const { user, fetchSpy } = renderPage();
    const dialog = await openForm(user);
    await fillValid(user, dialog);
    await send(user, dialog);
    await within(dialog).findByRole('status');
    expect(fetchCalls(fetchSpy, enquiryRoute).map((call) => call.body)).toEqual([
      { name: 'Ana Silva', email: 'ana@example.pt', interest: 'inscricao', consent: true },
    ]);
  });

  it("puts the server's 400 problems beside their fields, in the user's words", async () => {
    const { user } = renderPage(
      reply(
        {
          success: false,
          error: 'Email must be a valid e-mail address.',
          code: 'VALIDATION_ERROR',
          details: [
            {
              path: 'body.email',
              message: 'Email must be a valid e-mail address',
              code: 'invalid_format',
              format: 'email',
            },
          ],
        },
        400,
      ),
    );
    const dialog = await openForm(user);
    await fillValid(user, dialog);
    await send(user, dialog);

    const email = within(dialog).getByLabelText(/^E-mail/);
    expect(await within(dialog).findByText('Enter an e-mail address such as name@example.com.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(within(dialog).queryByText(/must be a valid e-mail address/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('says so when the server refuses too many requests, and when it cannot be reached', async () => {
    let status = 429;
    const { user } = renderPage(() =>
      status === 0
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse({ success: false, error: 'Too many requests', code: 'RATE_LIMITED' }, status),
    );
    const dialog = await openForm(user, 'Learn more');
    await fillValid(user, dialog);
    await send(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many requests from this connection. Try again in a few minutes.',
    );
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();

    status = 0;
    await send(user, dialog);
    expect(await within(dialog).findByText(/The server could not be reached/)).toBeInTheDocument();
  });
});
