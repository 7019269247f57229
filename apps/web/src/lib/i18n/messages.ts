/**
 * The shape every non-English catalogue must have: the English one's keys, each with a string.
 * A missing or extra key fails the type check; `i18n.test.ts` checks the same at run time.
 */
export type Messages<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
