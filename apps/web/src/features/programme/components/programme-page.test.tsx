import { programmeEnquiryReceived } from '@nuvem/contracts/programme';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch';
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

async function openForm(user: ReturnType<typeof userEvent.setup>, cta = 'Inscrever-me agora') {
  await user.click(screen.getByRole('button', { name: cta }));
  return screen.findByRole('dialog', { name: 'Pedido de contacto' });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Nome'), 'Ana Silva');
  await user.type(within(dialog).getByLabelText('E-mail'), 'ana@example.pt');
  await user.click(within(dialog).getByRole('checkbox', { name: /^Aceito ser contactado/ }));
}

describe('ProgrammePage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the hero, the six offerings with three highlights each, and the figures', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeInTheDocument();
    const offerings = screen.getAllByRole('article');
    expect(offerings.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Estágios em empresas parceiras',
      'Bootcamps intensivos',
      'Concursos e desafios',
      'Formação complementar com certificação',
      'Exposição de projetos e networking',
      'Apoio à empregabilidade e ao empreendedorismo',
    ]);
    for (const card of offerings) expect(within(card).getAllByRole('listitem')).toHaveLength(3);

    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'empresas parceiras',
      'taxa de empregabilidade',
      'formados',
    ]);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['500+', '95%', '10k+']);
  });

  it.each([
    ['Inscrever-me agora', 'Quero inscrever-me'],
    ['Saber mais', 'Quero saber mais'],
    ['Falar com um consultor', 'Quero falar com um consultor'],
  ])('"%s" opens the contact form with "%s" chosen', async (cta, interest) => {
    const { user } = renderPage();
    const dialog = await openForm(user, cta);
    expect(within(dialog).getByRole('group', { name: 'O que pretende?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: interest })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Oferta de interesse (opcional)' })).toHaveValue('');
    expect(within(dialog).getByLabelText('Nome')).toHaveFocus();
  });

  it("an offering's own button preselects that offering", async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Tenho interesse em Bootcamps intensivos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido de contacto' });
    expect(within(dialog).getByRole('combobox', { name: 'Oferta de interesse (opcional)' })).toHaveValue('bootcamps');
    expect(within(dialog).getByRole('radio', { name: 'Quero saber mais' })).toBeChecked();
  });

  it('links "Descarregar programa" to the printable programme', async () => {
    const { user, router } = renderPage();
    await user.click(screen.getByRole('link', { name: 'Descarregar programa' }));
    expect(router.state.location.pathname).toBe('/ingeniousgen/programa');
  });

  it('blocks a bad e-mail and a missing consent on the client and sends nothing', async () => {
    const { user, fetchSpy } = renderPage();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Nome'), 'Ana Silva');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ana@');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));

    const email = within(dialog).getByLabelText('E-mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Indique um e-mail válido');
    expect(email).toHaveFocus();
    const consent = within(dialog).getByRole('checkbox', { name: /^Aceito ser contactado/ });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription('Aceite ser contactado para enviarmos a resposta');
    expect(within(dialog).getByLabelText('Nome')).not.toHaveAttribute('aria-invalid');
    expect(fetchCalls(fetchSpy, enquiryRoute)).toHaveLength(0);

    // Correcting a field clears its message.
    await user.click(consent);
    expect(within(dialog).queryByText('Aceite ser contactado para enviarmos a resposta')).not.toBeInTheDocument();
  });

  it('sends the exact body, shows a pending state, then the confirmation and a toast', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, fetchSpy } = renderPage(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const dialog = await openForm(user, 'Falar com um consultor');
    await fillValid(user, dialog);
    await user.type(within(dialog).getByLabelText('Telefone (opcional)'), '+351 912 345 678');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Oferta de interesse (opcional)' }),
      'Concursos e desafios',
    );
    await user.type(within(dialog).getByLabelText('Mensagem (opcional)'), 'Quando começa?');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));

    expect(within(dialog).getByRole('button', { name: 'A enviar…' })).toBeDisabled();
    expect(fetchCalls(fetchSpy, enquiryRoute).map((call) => call.body)).toEqual([
      {
        name: 'Ana Silva',
        email: 'ana@example.pt',
        phone: '+351 912 345 678',
        interest: 'consultor',
        offering: 'concursos',
        message: 'Quando começa?',
        consent: true,
      },
    ]);

    answer(new Response(JSON.stringify(received), { status: 201, headers: { 'content-type': 'application/json' } }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(programmeEnquiryReceived);
    expect(await screen.findByText('Pedido enviado')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Enviar pedido' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's 400 text and marks the field it names", async () => {
    const { user } = renderPage(
      reply(
        {
          success: false,
          error: 'email: indique um e-mail válido',
          code: 'VALIDATION_ERROR',
          details: [{ path: 'body.email', message: 'indique um e-mail válido' }],
        },
        400,
      ),
    );
    const dialog = await openForm(user);
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('email: indique um e-mail válido');
    expect(within(dialog).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Enviar pedido' })).toBeEnabled();
  });

  it("shows the server's 429 text", async () => {
    const text = 'Demasiados pedidos. Tente novamente daqui a pouco.';
    const { user } = renderPage(reply({ success: false, error: text, code: 'RATE_LIMITED' }, 429));
    const dialog = await openForm(user, 'Saber mais');
    await fillValid(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });
});
