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

describe('once hydration has begun', () => {
  it('leaves clicks to React (no second replay) but still holds a native submission', () => {
    document.body.innerHTML = '<button type="button" id="b">B</button><form id="f"><button id="s">Go</button></form>';
    const { stop, release } = holdEarlyInput();
    stop();
    const answered = vi.fn();
    const button = document.getElementById('b') as HTMLButtonElement;
    button.addEventListener('click', answered);
    button.click();
    const native = new Event('submit', { cancelable: true, bubbles: true });
    document.getElementById('f')?.dispatchEvent(native);
    expect(native.defaultPrevented).toBe(true);
    release();
    expect(answered).toHaveBeenCalledTimes(1);
  });
});
