import { createHash } from 'node:crypto';

const palettes: Record<string, [string, string]> = {
  'live-music': ['#7c3aed', '#db2777'],
  'tech-conference': ['#0ea5e9', '#6366f1'],
  'food-and-drink': ['#f97316', '#facc15'],
  'arts-and-culture': ['#ec4899', '#8b5cf6'],
  'sports-and-fitness': ['#22c55e', '#0ea5e9'],
  'business-networking': ['#334155', '#0ea5e9'],
  'health-and-wellness': ['#14b8a6', '#a3e635'],
  'film-and-media': ['#1e293b', '#f43f5e'],
  'family-and-kids': ['#f59e0b', '#ef4444'],
  'education-and-workshops': ['#2563eb', '#14b8a6'],
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** An event's cover, drawn by the portal (no external images): its category's colours and shapes from its title. */
export function coverSvg(title: string, category: string): string {
  const hash = createHash('sha256').update(title).digest();
  const [from, to] = palettes[category] ?? ['#0f172a', '#38bdf8'];
  const circles = [0, 1, 2, 3]
    .map((i) => {
      const x = (hash[i * 3] ?? 0) * 3.2;
      const y = ((hash[i * 3 + 1] ?? 0) * 1.8) % 450;
      const r = 40 + ((hash[i * 3 + 2] ?? 0) % 120);
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${String(r)}" fill="#fff" fill-opacity="0.12"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" role="img" aria-label="${escapeXml(title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="800" height="450" fill="url(#g)"/>${circles}</svg>`;
}
