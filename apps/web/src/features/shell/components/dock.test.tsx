import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CloudIcon, MapIcon, TentIcon } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dock } from './dock';

const items = [
  { name: 'Nuvem', icon: CloudIcon },
  { name: 'Maps', icon: MapIcon },
  { name: 'MistHaven', icon: TentIcon },
];

let resizeCallbacks: (() => void)[] = [];

beforeEach(() => {
  resizeCallbacks = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resizeCallbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** jsdom does no layout: give the row a width, a content width and a scroll position. */
function layout(row: HTMLElement, { client, scroll, left }: { client: number; scroll: number; left: number }) {
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: client });
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: scroll });
  Object.defineProperty(row, 'scrollLeft', { configurable: true, value: left });
}

describe('Dock', () => {
  it('names every icon, marks the active one and reports clicks by index', async () => {
    const onSelect = vi.fn();
    render(<Dock items={items} activeIndex={1} onSelect={onSelect} />);
    expect(screen.getByRole('toolbar', { name: 'Apps' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maps' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Nuvem' })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('button', { name: 'MistHaven' }));
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it('shows only the arrows that can scroll, and they scroll by 200 px', () => {
    const scrollBy = vi.fn();
    Element.prototype.scrollBy = scrollBy;
    render(<Dock items={items} activeIndex={0} onSelect={vi.fn()} />);
    const row = screen.getByRole('toolbar');
    // Everything fits: no arrows.
    expect(screen.queryByRole('button', { name: /Scroll dock/ })).not.toBeInTheDocument();

    layout(row, { client: 300, scroll: 800, left: 0 });
    act(() => resizeCallbacks.forEach((callback) => callback()));
    expect(screen.queryByRole('button', { name: 'Scroll dock left' })).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Scroll dock right' }).click());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'smooth' });

    layout(row, { client: 300, scroll: 800, left: 500 });
    fireEvent.scroll(row);
    expect(screen.queryByRole('button', { name: 'Scroll dock right' })).not.toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Scroll dock left' }).click());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -200, behavior: 'smooth' });
  });

  it('scrolls instantly for people who prefer reduced motion', () => {
    const scrollBy = vi.fn();
    Element.prototype.scrollBy = scrollBy;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    render(<Dock items={items} activeIndex={0} onSelect={vi.fn()} />);
    layout(screen.getByRole('toolbar'), { client: 300, scroll: 800, left: 0 });
    act(() => resizeCallbacks.forEach((callback) => callback()));
    act(() => screen.getByRole('button', { name: 'Scroll dock right' }).click());
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 200, behavior: 'instant' });
  });

  it('moves between icons with the arrow keys (one tab stop) and selects with Enter or Space', async () => {
    const onSelect = vi.fn();
    render(<Dock items={items} activeIndex={0} onSelect={onSelect} />);
    const [home, maps, cabin] = ['Nuvem', 'Maps', 'MistHaven'].map((name) => screen.getByRole('button', { name }));
    expect(home).toHaveAttribute('tabindex', '0');
    expect(maps).toHaveAttribute('tabindex', '-1');

    await userEvent.tab();
    expect(home).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(maps).toHaveFocus();
    expect(maps).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(1);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(home).toHaveFocus(); // wraps around
    await userEvent.keyboard('{ArrowLeft}');
    expect(cabin).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(2);
  });
});
