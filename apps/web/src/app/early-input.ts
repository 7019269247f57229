/**
 * Between the server's HTML appearing and React hydrating it, buttons look ready but nothing
 * answers them (issue 35). This keeps what a visitor does in that moment: a click on a button (or
 * a control acting as one) is remembered, and a form's submission is held (a form would otherwise
 * submit itself natively, with its fields in the address); once the page is hydrated, each is
 * done again on the same element if it is still there. Links are left to the browser: they work
 * without any script.
 */
const controls =
  'button, [role="button"], [role="menuitem"], [role="tab"], [role="checkbox"], [role="switch"], summary, input[type="checkbox"], input[type="radio"]';

export interface EarlyInput {
  /**
   * Stops remembering, called just before `hydrateRoot`: from then on React itself holds and replays
   * what happens on the part it has not hydrated yet (remembering it here too would do it twice).
   * Native submissions stay held until `release`.
   */
  stop: () => void;
  /** Does again what was remembered, once the page has hydrated, and lets the page's own handlers work alone. */
  release: () => void;
}

export function holdEarlyInput(): EarlyInput {
  const clicked: Element[] = [];
  const submitted: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];
  let recording = true;
  const onClick = (event: MouseEvent) => {
    if (!recording) return;
    const target = event.target instanceof Element ? event.target.closest(controls) : null;
    // A form's submit button submits it: the submission is what is kept (below).
    if (!target || (target.closest('form') && target.matches('button:not([type="button"])'))) return;
    clicked.push(target);
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (recording && event.target instanceof HTMLFormElement)
      submitted.push({ form: event.target, submitter: event.submitter });
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  const stop = () => {
    recording = false;
  };
  const release = () => {
    recording = false;
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const element of clicked) if (element.isConnected && element instanceof HTMLElement) element.click();
    for (const { form, submitter } of submitted) {
      if (!form.isConnected) continue;
      if (submitter?.isConnected && submitter.closest('form') === form) form.requestSubmit(submitter);
      else form.requestSubmit();
    }
  };
  return { stop, release };
}

let held: EarlyInput | null = null;

/** Starts holding input (the boot script, as the server's HTML paints); once per page. */
export function startHoldingEarlyInput(): void {
  held ??= holdEarlyInput();
}

/** What the boot script began holding, if it did (the app then stops and releases it). */
export function heldEarlyInput(): EarlyInput | null {
  return held;
}
