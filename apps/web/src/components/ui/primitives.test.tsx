import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { TOAST_MOBILE_OFFSET, TOAST_OFFSET, toast, Toaster } from './sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

/** jsdom does no layout: give an element a width, a content width and a scroll position. */
function layout(element: HTMLElement, { client, scroll, left }: { client: number; scroll: number; left: number }) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: client });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scroll });
  Object.defineProperty(element, 'scrollLeft', { configurable: true, writable: true, value: left });
}

function box(element: HTMLElement, left: number, width: number) {
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: left, y: 0, width, height: 32 });
}

const scrollToDescriptor = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo');

describe('ui primitives', () => {
  afterEach(() => {
    if (scrollToDescriptor) Object.defineProperty(Element.prototype, 'scrollTo', scrollToDescriptor);
    else delete (Element.prototype as Partial<Element>).scrollTo;
  });

  it('shows toasts below the header, never over it', async () => {
    render(<Toaster />);
    act(() => {
      toast('Saved');
    });
    const toaster = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('[data-sonner-toaster]');
      expect(element).not.toBeNull();
      return element;
    });
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    // The header is 4rem high (h-16): the toasts start below it, on phones too.
    expect(toaster?.style.getPropertyValue('--offset-top')).toBe(TOAST_OFFSET.top);
    expect(toaster?.style.getPropertyValue('--mobile-offset-top')).toBe(TOAST_MOBILE_OFFSET.top);
    expect(TOAST_OFFSET.top).toMatch(/^calc\(4rem \+/);
    expect(TOAST_MOBILE_OFFSET.top).toMatch(/^calc\(4rem \+/);
  });

  it("names the dialog's close button in the language in use", async () => {
    render(
      <Dialog open>
        <DialogContent>
          <DialogTitle>Title</DialogTitle>
          <DialogDescription>Text</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await act(() => chooseLanguage('pt-PT'));
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('hints at tabs cut off on either side and scrolls the active tab into view', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    Element.prototype.scrollTo = scrollTo;
    const ref = createRef<HTMLDivElement>();
    render(
      <Tabs defaultValue="overview">
        <TabsList ref={ref} aria-label="Sections">
          {['Overview', 'Applications', 'API Keys', 'Analytics'].map((name) => (
            <TabsTrigger key={name} value={name.toLowerCase()}>
              {name}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>,
    );
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(ref.current).toBe(list); // callers still reach the list (focus, measuring)
    const start = screen.getByTestId('tabs-scroll-hint-start');
    const end = screen.getByTestId('tabs-scroll-hint-end');
    expect(end).toHaveAttribute('data-visible', 'false'); // nothing to scroll yet

    // A phone: 200 px of room for 600 px of tabs.
    layout(list, { client: 200, scroll: 600, left: 0 });
    box(list, 0, 200);
    fireEvent.scroll(list);
    expect(end).toHaveAttribute('data-visible', 'true');
    expect(start).toHaveAttribute('data-visible', 'false');
    expect(end).toHaveAttribute('aria-hidden', 'true');

    // 'Analytics', the last tab, sits at 450-600 px: choosing it scrolls it fully into view.
    const analytics = screen.getByRole('tab', { name: 'Analytics' });
    box(analytics, 450, 150);
    await user.click(analytics);
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ left: 440, behavior: 'smooth' }));

    layout(list, { client: 200, scroll: 600, left: 400 });
    fireEvent.scroll(list);
    expect(start).toHaveAttribute('data-visible', 'true');
    expect(end).toHaveAttribute('data-visible', 'false');

    // Back to the first with the keyboard: scrolled into view from the other side.
    const overview = screen.getByRole('tab', { name: 'Overview' });
    box(overview, -400, 100);
    await user.keyboard('{Home}');
    expect(overview).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' }));
  });

  it('keeps one toast visible at a time: the newest', async () => {
    render(<Toaster />);
    act(() => {
      toast('First message');
      toast('Second message');
    });
    await waitFor(() => {
      const toasts = document.querySelectorAll('[data-sonner-toast]');
      expect(toasts).toHaveLength(2);
      const visible = [...toasts].filter((el) => el.getAttribute('data-visible') === 'true');
      expect(visible).toHaveLength(1);
      expect(visible[0]).toHaveTextContent('Second message');
    });
  });

  it('opens a dialog from its trigger and closes it with Escape', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Create New Application</DialogTitle>
          <DialogDescription>Register an application.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Create New Application' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="containers">Containers</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">Overview panel</TabsContent>
        <TabsContent value="containers">Containers panel</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Overview panel');
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Containers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Containers panel');
  });

  it('renders a button as its child link when asChild is set', () => {
    render(
      <Button asChild>
        <a href="/pricing">See plans</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'See plans' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).not.toHaveAttribute('type');
  });
});
