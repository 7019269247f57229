/**
 * Between the server's HTML appearing and React hydrating it, buttons look ready but nothing
 * answers them (issue 35). This keeps what a visitor does in that moment: a click on a button (or
 * a control acting as one) is remembered, and a form's submission is held (a form would otherwise
 * submit itself natively, with its fields in the address); once the page is hydrated, each is
 * done again on the same element if it is still there. Links are left to the browser: they work
 * without any script.
 */
// Native check boxes, radio buttons and <details> answer by themselves: not replayed (that would undo them).
const controls = 'button, [role="button"], [role="menuitem"], [role="tab"], [role="checkbox"], [role="switch"]';

/**
 * A replayed submission that nothing handled (its form not hydrated yet) is dropped rather than
 * sent by the browser itself: runs last (on window, bubbling), after the page's own handler.
 */
function dropUnhandled(event: Event): void {
  if (!event.defaultPrevented) event.preventDefault();
}

export interface EarlyInput {
  /** Does again what was remembered, once the page has hydrated, and lets the page's own handlers work alone. */
  release: () => void;
}

/**
 * Whether React has taken this element over (hydrated it): React keeps its own property on each
 * element it manages (`__reactFiber$…`, the same in React 17 to 19). What happens on such an
 * element is React's; what happens on one it has not hydrated yet is held here.
 */
function hydrated(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Sets a field's value as the browser's own typing does: through the element type's own setter,
 * beneath React's tracking of the property, so the `input` event that follows reads as a change.
 */
function typeInto(field: HTMLInputElement, value: string): void {
  const setter: unknown = Reflect.get(
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value') ?? {},
    'set',
  );
  if (typeof setter === 'function') Reflect.apply(setter, field, [value]);
  else field.value = value;
}

export function holdEarlyInput(): EarlyInput {
  const clicked = new Set<Element>();
  const submitted: { form: HTMLFormElement; submitter: HTMLElement | null }[] = [];
  /** Text typed into a field React has not hydrated: React would reset a controlled one to its state. */
  const typed = new Map<HTMLInputElement, string>();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(controls) : null;
    // A form's submit button submits it: the submission is what is kept (below).
    if (!target || (target.closest('form') && target.matches('button:not([type="button"])'))) return;
    if (!hydrated(target)) clicked.add(target);
  };
  // After the page's own handlers (window, bubbling): a click React hydrated its target for and
  // handled itself is not done again.
  const afterClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(controls) : null;
    if (target && hydrated(target)) clicked.delete(target);
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || hydrated(form)) return;
    event.preventDefault();
    submitted.push({ form, submitter: event.submitter });
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && !hydrated(field)) typed.set(field, field.value);
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('click', afterClick);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onInput, true);
  const release = () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('click', afterClick);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onInput, true);
    // What was typed, told to the page as typing (React's change handlers then see it).
    for (const [field, value] of typed) {
      if (!field.isConnected || field.value === value) continue;
      typeInto(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    for (const element of clicked) if (element.isConnected && element instanceof HTMLElement) element.click();
    for (const { form, submitter } of submitted) {
      if (!form.isConnected) continue;
      window.addEventListener('submit', dropUnhandled);
      try {
        if (submitter?.isConnected && submitter.closest('form') === form) form.requestSubmit(submitter);
        else form.requestSubmit();
      } finally {
        window.removeEventListener('submit', dropUnhandled);
      }
    }
  };
  return { release };
}

let held: EarlyInput | null = null;

/** Starts holding input (the boot script, as the server's HTML paints); once per page. */
export function startHoldingEarlyInput(): void {
  held ??= holdEarlyInput();
}

/** What the boot script began holding, if it did (the app releases it once the page has hydrated). */
export function heldEarlyInput(): EarlyInput | null {
  return held;
}
