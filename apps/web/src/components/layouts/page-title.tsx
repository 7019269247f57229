import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';

/**
 * The browser tab's name for a page: the page's own name, then the product's ("Events · Nuvem"),
 * so a tab, a bookmark and the history read alike on every page. React 19 hoists it into <head>.
 */
export function PageTitle({ children }: { children: string }) {
  return <title>{`${children} · ${PRODUCT_NAME}`}</title>;
}
