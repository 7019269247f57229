/**
 * The page's first script (issue 35): tiny, so the server's HTML paints first; the app (`main.tsx`)
 * is fetched right after that paint and hydrates it. Fetching it in the same moment as the HTML
 * kept the first paint waiting on the app's code in slow conditions (it competed for the network
 * with the style sheet, and the browser painted only once it had run).
 */
// The style sheet is named in index.html (with this script), so the first paint is styled.
import '@/styles/globals.css';
import { startHoldingEarlyInput } from './early-input';

function start(): void {
  void import('./main');
}

if (document.getElementById('root')?.firstElementChild) {
  // What the visitor clicks or submits before the page answers is kept and done once it does.
  startHoldingEarlyInput();
  // After the next frame is painted (a timeout queued from the frame callback runs after it).
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start(); // nothing painted yet: the app renders the page, so fetch it at once
}
