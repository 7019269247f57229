import { programmeOfferings, programmeStats, type EnquiryInterest } from '@nuvem/contracts/programme';

/*
 * The programme's structure; its words are in the 'programme' namespace of the catalogue
 * (i18n/en.ts, i18n/pt-PT.ts), shared by the landing page and the printable programme.
 */

/** The six offerings, in the spec's order (the contract's). */
export const offeringIds = programmeOfferings;

/** Each offering has exactly three highlights, as the spec has it: their keys under `offerings.<id>.highlights`. */
export const highlightKeys = ['one', 'two', 'three'] as const;

/** The marketing figures, quoted as the spec writes them; `key` names the label under `stats`. */
export const programmeStatsContent = [
  { key: 'partnerCompanies', value: programmeStats.partnerCompanies },
  { key: 'placementRate', value: programmeStats.placementRate },
  { key: 'graduates', value: programmeStats.graduates },
] as const;

/** The interests a visitor can pick in the contact form ('programa' is the download, not a form). */
export type ContactInterest = Exclude<EnquiryInterest, 'programa'>;

export const contactInterests = ['inscricao', 'saber-mais', 'consultor'] as const satisfies readonly ContactInterest[];
