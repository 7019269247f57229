import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput } from './early-input';

afterEach(() => {
  document.body.replaceChildren();
});

describe('input before the page is hydrated', () => {
  it('keeps a click on a button and does it again once the page answers', () => {
    document.body.innerHTML =
      '<header><button type="button" id="menu"><span>Open menu</span></button><a href="#x">x</a></header>';
    const { release } = holdEarlyInput();
    document.querySelector('span')?.click();
    const answered = vi.fn();
    document.getElementById('menu')?.addEventListener('click', answered);
    expect(answered).not.toHaveBeenCalled();
    release();
    expect(answered).toHaveBeenCalledTimes(1);
    // Released: later clicks are the page's own, not remembered again.
    document.getElementById('menu')?.click();
    expect(answered).toHaveBeenCalledTimes(2);
  });

  it('holds a form submitted early (no native submission with the fields in the address), then submits it with its button', () => {
    document.body.innerHTML =
      '<form id="f"><input name="password" value="secret"><button type="submit" id="go">Sign in</button></form>';
    const form = document.getElementById('f') as HTMLFormElement;
    const { release } = holdEarlyInput();
    const native = new Event('submit', { cancelable: true, bubbles: true });
    form.dispatchEvent(native);
    expect(native.defaultPrevented).toBe(true);
    const submits: (HTMLElement | null)[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submits.push(event.submitter);
    });
    release();
    expect(submits).toHaveLength(1);
  });

  it('forgets an element the hydrated page no longer has', () => {
    document.body.innerHTML = '<button type="button" id="gone">Gone</button>';
    const { release } = holdEarlyInput();
    const button = document.getElementById('gone') as HTMLButtonElement;
    button.click();
    const answered = vi.fn();
    button.addEventListener('click', answered);
    button.remove();
    release();
    expect(answered).not.toHaveBeenCalled();
  });
});

describe('what React has taken over', () => {
  it('leaves a hydrated element to React (no second replay) and gives typed text back to a field React reset', () => {
    document.body.innerHTML = '<button type="button" id="b">B</button><input id="q" value="">';
    const { release } = holdEarlyInput();
    const button = document.getElementById('b') as HTMLButtonElement;
    Object.assign(button, { __reactFiber$test: {} });
    const answered = vi.fn();
    button.addEventListener('click', answered);
    button.click();
    const field = document.getElementById('q') as HTMLInputElement;
    field.value = 'music';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.value = ''; // hydration reset the controlled field to its state
    const typed: string[] = [];
    field.addEventListener('input', () => typed.push(field.value));
    release();
    expect(answered).toHaveBeenCalledTimes(1);
    expect(field.value).toBe('music');
    expect(typed).toEqual(['music']);
  });
});

describe('what is not replayed', () => {
  it('drops a held submission that nothing handles once released (never a native submission), and leaves native check boxes alone', () => {
    document.body.innerHTML =
      '<form id="f"><input name="email" value="a@b.c"><button id="go">Send</button></form><input type="checkbox" id="c">';
    const form = document.getElementById('f') as HTMLFormElement;
    const box = document.getElementById('c') as HTMLInputElement;
    const { release } = holdEarlyInput();
    form.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    box.click();
    expect(box.checked).toBe(true);
    const replayed: Event[] = [];
    const observe = (event: Event) => replayed.push(event);
    window.addEventListener('submit', observe);
    release();
    window.removeEventListener('submit', observe);
    // Once dispatched, the replay had been prevented: the browser does not send the form itself.
    expect(replayed.map((event) => event.defaultPrevented)).toEqual([true]);
    // The box keeps the visitor's choice (a replayed click would have undone it).
    expect(box.checked).toBe(true);
  });
});
