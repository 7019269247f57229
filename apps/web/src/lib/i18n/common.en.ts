/** Messages shared by every screen (namespace 'common', the default one). */
export const common = {
  language: {
    label: 'Language',
    en: 'English',
    'pt-PT': 'Português (Portugal)',
    changed: 'Language: English',
  },
  actions: {
    cancel: 'Cancel',
    close: 'Close',
    save: 'Save',
    saving: 'Saving…',
    retry: 'Try again',
    back: 'Back',
    next: 'Next',
    copy: 'Copy',
    copied: 'Copied!',
    delete: 'Delete',
    edit: 'Edit',
    signIn: 'Sign In',
  },
  status: {
    loading: 'Loading…',
    error: 'Error',
    success: 'Success',
  },
  session: {
    ended: 'Your session has ended. Sign in again to continue where you were.',
    signInAgain: 'Sign in again',
  },
  form: {
    required: 'Fill in this field.',
    tooShort_one: 'Use at least {{n}} character.',
    tooShort_other: 'Use at least {{n}} characters.',
    tooLong_one: 'Use at most {{n}} character.',
    tooLong_other: 'Use at most {{n}} characters.',
    tooFewItems_one: 'Add at least {{n}} item.',
    tooFewItems_other: 'Add at least {{n}} items.',
    tooManyItems_one: 'Add at most {{n}} item.',
    tooManyItems_other: 'Add at most {{n}} items.',
    tooSmall: 'Use a number of at least {{n}}.',
    tooBig: 'Use a number of at most {{n}}.',
    notInteger: 'Use a whole number.',
    email: 'Enter an e-mail address such as name@example.com.',
    url: 'Enter a full web address such as https://example.com.',
    invalidOption: 'Choose one of the options offered.',
    invalid: 'Check this field: its value is not accepted.',
    fixBelow: 'Some fields need your attention.',
  },
  format: {
    unknown: 'unknown',
    justNow: 'just now',
    never: 'Never',
  },
  /** The portal's own agents (the workflow service's registry), by id: the names and descriptions it sends. */
  agents: {
    agent_rag: {
      name: 'Knowledge Agent (RAG)',
      description:
        'Answers questions from the documents in your knowledge base and cites the passages it used; says so when they do not cover the question.',
    },
    agent_business: {
      name: 'Business Analyst',
      description:
        'Turns a proposal or a set of notes into a brief with a summary, objectives, risks and next steps, and suggests approving or reviewing it.',
    },
    agent_development: {
      name: 'Developer',
      description:
        'Turns a feature request into a user story with acceptance criteria and tasks, and notes any code you paste.',
    },
    agent_marketing: {
      name: 'Marketing Writer',
      description:
        'Drafts a headline, a tagline, a social post of at most 280 characters and hashtags from a product or event brief.',
    },
  },
  errors: {
    network: 'The server could not be reached. Check your connection and try again.',
    unexpected: 'Something went wrong. Try again in a moment.',
  },
} as const;
