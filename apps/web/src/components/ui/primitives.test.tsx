import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';
import { toast, Toaster } from './sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('ui primitives', () => {
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
