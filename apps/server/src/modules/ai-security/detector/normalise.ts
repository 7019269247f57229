/**
 * Normalisation for matching: the text as sent is folded into a lower-case ASCII skeleton (NFKC/NFKD
 * compatibility forms, accents dropped, invisible and bidirectional controls removed, homoglyphs and
 * leetspeak mapped, "i g n o r e" closed up, whitespace collapsed), and payloads hidden in base64,
 * hex, rot13 or URL encoding are decoded into extra variants. Every variant keeps a map back to the
 * text as sent, so evidence offsets point at what the user wrote.
 */

/** A span of UTF-16 offsets, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

/** A folded text and, for each of its UTF-16 units, the span of the source it came from. */
export interface FoldedText {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** One text the rules and the classifier look at: the prompt itself or a payload decoded from it. */
export interface TextVariant {
  /** The text (as sent, or as decoded) that secrets and personal data are looked for in. */
  raw: string;
  /** `raw` folded for phrase matching. */
  folded: FoldedText;
  /** How it was decoded: 'base64', 'hex', 'rot13', 'url', or a chain such as 'base64+url'. */
  decodedFrom?: string;
  /** Where a span of `raw` lies in the text as sent (for an encoded payload: the encoded text). */
  toOriginal(start: number, end: number): Span;
}

// ---- Folding -------------------------------------------------------------------------------------

/** Look-alike letters of other scripts (after lower-casing) and their Latin skeleton. */
const HOMOGLYPHS: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ь: 'b',
  п: 'n',
  г: 'r',
  д: 'd',
  л: 'n',
  и: 'u',
  ц: 'u',
  ш: 'w',
  щ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'n',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  π: 'n',
  ρ: 'p',
  σ: 'o',
  ς: 's',
  τ: 't',
  υ: 'u',
  φ: 'f',
  χ: 'x',
  ω: 'w',
  // Latin extensions and letter-like symbols that NFKD leaves alone
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʟ: 'l',
  ɪ: 'i',
  ɴ: 'n',
  ʀ: 'r',
  ʏ: 'y',
  ᴀ: 'a',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ᴊ: 'j',
  ᴋ: 'k',
  ᴍ: 'm',
  ᴏ: 'o',
  ᴘ: 'p',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
  ʙ: 'b',
  ɢ: 'g',
  ʜ: 'h',
  ꜱ: 's',
  ꞯ: 'q',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ł: 'l',
  ŧ: 't',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ð: 'd',
  // Armenian
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  ց: 'g',
  զ: 'q',
  // Typographic quotes and dashes
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
};

/** Capitals whose look-alike differs from their small letter's (Greek Ν is N, but ν looks like v). */
const CAPITAL_HOMOGLYPHS: Record<string, string> = {
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  А: 'a',
  В: 'b',
  Е: 'e',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  Х: 'x',
  Ѕ: 's',
  І: 'i',
  Ј: 'j',
  Ү: 'y',
  Ԛ: 'q',
  Ԝ: 'w',
};

/** Characters that render as nothing (or as blank space nobody typed on purpose). */
function isInvisible(cp: number): boolean {
  return (
    cp === 0xad || // soft hyphen
    cp === 0x34f || // combining grapheme joiner
    cp === 0x61c || // Arabic letter mark
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) || // zero-width space/joiners, LRM, RLM
    (cp >= 0x202a && cp <= 0x202e) || // bidi embeddings and overrides
    (cp >= 0x2060 && cp <= 0x206f) || // word joiner, invisible operators, bidi isolates
    cp === 0x2800 || // braille blank
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfffb) ||
    cp === 0xe0000 ||
    cp === 0xe0001 ||
    cp === 0xe007f ||
    (cp >= 0xe0100 && cp <= 0xe01ef) // variation selectors supplement
  );
}

const COMBINING = /\p{M}/gu;
const foldCache = new Map<number, string>();

/** The skeleton of one code point other than ASCII: '' for invisibles, ' ' or '\n' for spacing. */
function foldCodePoint(cp: number): string {
  const cached = foldCache.get(cp);
  if (cached !== undefined) return cached;
  let out: string;
  if (cp >= 0xe0020 && cp <= 0xe007e) {
    // Unicode tag characters: invisible copies of ASCII used to smuggle instructions.
    out = String.fromCharCode(cp - 0xe0000).toLowerCase();
  } else if (isInvisible(cp)) {
    out = '';
  } else if (cp === 0x2028 || cp === 0x2029 || cp === 0x85) {
    out = '\n';
  } else if (CAPITAL_HOMOGLYPHS[String.fromCodePoint(cp)] !== undefined) {
    out = CAPITAL_HOMOGLYPHS[String.fromCodePoint(cp)] ?? '';
  } else {
    const decomposed = String.fromCodePoint(cp).normalize('NFKD').replace(COMBINING, '').toLowerCase();
    out = '';
    for (const ch of decomposed) {
      if (/\s/u.test(ch)) out += ' ';
      else out += HOMOGLYPHS[ch] ?? ch;
    }
  }
  if (foldCache.size < 20_000) foldCache.set(cp, out);
  return out;
}

const utf16 = new TextDecoder('utf-16le');

/** UTF-16 units as a string (a lone surrogate becomes U+FFFD: one unit for one, so offsets hold). */
function unitsToString(units: Uint16Array, length: number): string {
  const view = units.subarray(0, length);
  return utf16.decode(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
}

/** An output text built unit by unit, each with the source span it came from. */
class Builder {
  private chars: Uint16Array;
  private starts: Int32Array;
  private ends: Int32Array;
  length = 0;

  constructor(capacity: number) {
    const size = Math.max(16, capacity);
    this.chars = new Uint16Array(size);
    this.starts = new Int32Array(size);
    this.ends = new Int32Array(size);
  }

  push(code: number, start: number, end: number): void {
    if (this.length === this.chars.length) {
      const size = this.chars.length * 2;
      const chars = new Uint16Array(size);
      const starts = new Int32Array(size);
      const ends = new Int32Array(size);
      chars.set(this.chars);
      starts.set(this.starts);
      ends.set(this.ends);
      this.chars = chars;
      this.starts = starts;
      this.ends = ends;
    }
    this.chars[this.length] = code;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }

  /** Widens the source span of the last unit (a dropped character is charged to its neighbour). */
  extendLast(end: number): void {
    if (this.length > 0) this.ends[this.length - 1] = end;
  }

  build(): FoldedText {
    return {
      text: unitsToString(this.chars, this.length),
      starts: this.starts.slice(0, this.length),
      ends: this.ends.slice(0, this.length),
    };
  }

  /** Starts over, keeping the buffers. */
  reset(): void {
    this.length = 0;
  }

  /** The text and views of the maps, valid until the next reset (for a pass whose output is consumed at once). */
  view(): FoldedText {
    return {
      text: unitsToString(this.chars, this.length),
      starts: this.starts.subarray(0, this.length),
      ends: this.ends.subarray(0, this.length),
    };
  }
}

/** Pass 1's output is read by pass 2 straight away, so one buffer serves every call. */
const scratch = new Builder(4096);

const SPACE = 32;
const NEWLINE = 10;

/** Pass 1: code point by code point to the skeleton; every whitespace becomes ' ' or '\n'. */
function foldChars(source: string): FoldedText {
  const out = scratch;
  out.reset();
  for (let i = 0; i < source.length;) {
    const cp = source.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    if (cp < 128) {
      if (cp >= 65 && cp <= 90) out.push(cp + 32, i, i + 1);
      else if (cp === 10 || cp === 13 || cp === 11 || cp === 12) out.push(NEWLINE, i, i + 1);
      else if (cp === 9 || cp === 32) out.push(SPACE, i, i + 1);
      else if (cp < 32 || cp === 127) out.extendLast(i + 1);
      else out.push(cp, i, i + 1);
    } else {
      const folded = foldCodePoint(cp);
      if (folded.length === 0) out.extendLast(i + width);
      for (let k = 0; k < folded.length; k++) out.push(folded.charCodeAt(k), i, i + width);
    }
    i += width;
  }
  return out.view();
}

const isAlnum = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isLetter = (c: number) => c >= 97 && c <= 122;
const isSpace = (c: number) => c === SPACE || c === NEWLINE;
/** Separators of spelled-out words: "i g n o r e", "i.g.n.o.r.e", "i-g-n-o-r-e", "i_g_n_o_r_e". */
const isSpellSeparator = (c: number) => c === SPACE || c === 46 || c === 45 || c === 95 || c === 42;

/**
 * Pass 2: closes up runs of at least four single characters ("i g n o r e" -> "ignore"); within
 * such a run a wider gap ("i g n o r e   a l l") stays a word break. Then collapses whitespace:
 * a run with a line break becomes '\n', any other run ' '.
 */
function closeUpAndCollapse(input: FoldedText): FoldedText {
  const { text, starts, ends } = input;
  const n = text.length;
  const out = new Builder(n + 16);
  const spaced = hyphenatedPhrases(text);
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // A spelled-out run starts at a lone alphanumeric followed by one separator and another lone one.
    if (
      isAlnum(c) &&
      (i === 0 || !isAlnum(text.charCodeAt(i - 1))) &&
      !isAlnum(text.charCodeAt(i + 1)) &&
      isSpellSeparator(text.charCodeAt(i + 1))
    ) {
      let j = i;
      let singles = 0;
      const picks: number[] = [];
      const breaks = new Set<number>();
      while (j < n && isAlnum(text.charCodeAt(j)) && !isAlnum(text.charCodeAt(j + 1))) {
        picks.push(j);
        singles++;
        const sep = text.charCodeAt(j + 1);
        if (!isSpellSeparator(sep)) break;
        // One separator joins letters; two or more spaces end a word inside the run.
        let k = j + 1;
        while (k < n && text.charCodeAt(k) === sep) k++;
        if (k - (j + 1) > 3 || k >= n || !isAlnum(text.charCodeAt(k)) || isAlnum(text.charCodeAt(k + 1))) break;
        if (k - (j + 1) > 1) breaks.add(picks.length);
        j = k;
      }
      if (singles >= 4) {
        for (let p = 0; p < picks.length; p++) {
          const at = picks[p] ?? 0;
          if (breaks.has(p)) out.push(SPACE, starts[at] ?? 0, starts[at] ?? 0);
          out.push(text.charCodeAt(at), starts[at] ?? 0, ends[at] ?? 0);
        }
        i = (picks[picks.length - 1] ?? i) + 1;
        continue;
      }
    }
    if (isSpace(c)) {
      let j = i;
      let newline = false;
      while (j < n && isSpace(text.charCodeAt(j))) {
        if (text.charCodeAt(j) === NEWLINE) newline = true;
        j++;
      }
      if (out.length > 0 && j < n) out.push(newline ? NEWLINE : SPACE, starts[i] ?? 0, ends[j - 1] ?? 0);
      i = j;
      continue;
    }
    out.push(spaced !== null && spaced.has(i) ? SPACE : c, starts[i] ?? 0, ends[i] ?? 0);
    i++;
  }
  return out.build();
}

/**
 * The joiners of words written as one ("output-your-previous-instructions", "ignore_all_rules"):
 * three or more parts joined by '-' or '_' read as separate words. "e-mail" stays one word.
 */
function hyphenatedPhrases(text: string): Set<number> | null {
  if (!text.includes('-') && !text.includes('_')) return null;
  const joiners = new Set<number>();
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isAlnum(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const inside: number[] = [];
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (isAlnum(c)) j++;
      else if ((c === 45 || c === 95) && isAlnum(text.charCodeAt(j + 1)) && isAlnum(text.charCodeAt(j - 1))) {
        inside.push(j);
        j++;
      } else break;
    }
    if (inside.length >= 2) for (const at of inside) joiners.add(at);
    i = j + 1;
  }
  return joiners.size > 0 ? joiners : null;
}

/** Leetspeak digits and symbols, read as letters inside words that also hold letters. */
const LEET: Record<number, number> = {
  48: 111, // 0 o
  49: 105, // 1 i
  51: 101, // 3 e
  52: 97, // 4 a
  53: 115, // 5 s
  55: 116, // 7 t
  56: 98, // 8 b
  64: 97, // @ a
  36: 115, // $ s
  33: 105, // ! i (only between letters)
  124: 108, // | l (only between letters)
};

/** Pass 3: a word such as "1gn0r3" or "pr3v!ous" reads as letters; "2024" and "h264" stay. */
function unLeet(input: FoldedText): FoldedText {
  const { text, starts, ends } = input;
  const chars = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) chars[i] = text.charCodeAt(i);
  // '!' and '|' are letters only between letters ("pr!nt", "he|p"); elsewhere punctuation.
  const between = (k: number) => isLetter(chars[k - 1] ?? 0) && isLetter(chars[k + 1] ?? 0);
  const isWordish = (k: number) => {
    const c = chars[k] ?? 0;
    return isAlnum(c) || c === 64 || c === 36 || ((c === 33 || c === 124) && between(k));
  };
  let i = 0;
  let changed = false;
  while (i < text.length) {
    if (!isWordish(i)) {
      i++;
      continue;
    }
    let j = i;
    let letters = 0;
    let leet = 0;
    while (j < text.length && isWordish(j)) {
      const c = chars[j] ?? 0;
      if (isLetter(c)) letters++;
      else if (LEET[c] !== undefined) leet++;
      j++;
    }
    // Mostly letters with a few stand-ins, as in "1gn0r3" or "pr3v10u5"; not "h264" or "4k".
    if (letters >= 2 && leet > 0 && j - i >= 4 && letters >= (j - i) / 3) {
      for (let k = i; k < j; k++) {
        const mapped = LEET[chars[k] ?? 0];
        if (mapped !== undefined) {
          chars[k] = mapped;
          changed = true;
        }
      }
    }
    i = j;
  }
  return changed ? { text: unitsToString(chars, chars.length), starts, ends } : input;
}

/** The skeleton of `source` for matching, with a map from every unit back to `source`. */
export function fold(source: string): FoldedText {
  return unLeet(closeUpAndCollapse(foldChars(source)));
}

// ---- Unmasking (for secrets and personal data) ------------------------------------------------------

/** Whether a text holds anything beyond ASCII. */
function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return true;
  return false;
}
const unmaskCache = new Map<number, string>();

/** A code point other than ASCII as what it passes for, case kept: '' for invisibles. */
function unmaskCodePoint(cp: number): string {
  const cached = unmaskCache.get(cp);
  if (cached !== undefined) return cached;
  let out: string;
  const ch = String.fromCodePoint(cp);
  if (cp >= 0xe0020 && cp <= 0xe007e) out = String.fromCharCode(cp - 0xe0000);
  else if (isInvisible(cp)) out = '';
  else {
    const compatible = ch.normalize('NFKC');
    if (!hasNonAscii(compatible)) out = compatible;
    else if (CAPITAL_HOMOGLYPHS[ch] !== undefined) out = (CAPITAL_HOMOGLYPHS[ch] ?? '').toUpperCase();
    else out = HOMOGLYPHS[ch] ?? ch;
  }
  if (unmaskCache.size < 20_000) unmaskCache.set(cp, out);
  return out;
}

/**
 * The text as it reads, case kept, for secrets and personal data hidden from a plain match: invisible
 * characters (a zero-width space inside a key) taken out, Unicode tag characters read as the ASCII
 * they hide, compatibility forms (fullwidth, mathematical letters, no-break spaces) and look-alike
 * letters mapped to ASCII; with a map back to `source`. Null when that changes nothing.
 */
export function unmask(source: string): FoldedText | null {
  if (!hasNonAscii(source)) return null;
  const out = new Builder(source.length);
  let changed = false;
  for (let i = 0; i < source.length;) {
    const cp = source.codePointAt(i) ?? 0;
    const width = cp > 0xffff ? 2 : 1;
    if (cp < 128) out.push(cp, i, i + 1);
    else {
      const mapped = unmaskCodePoint(cp);
      if (mapped !== String.fromCodePoint(cp)) changed = true;
      if (mapped.length === 0) out.extendLast(i + width);
      for (let k = 0; k < mapped.length; k++) out.push(mapped.charCodeAt(k), i, i + width);
    }
    i += width;
  }
  return changed ? out.build() : null;
}

/** The span of `source` that the folded span [start, end) came from. */
export function sourceSpan(folded: FoldedText, start: number, end: number): Span {
  if (folded.text.length === 0) return { start: 0, end: 0 };
  const a = Math.min(Math.max(start, 0), folded.text.length - 1);
  const b = Math.min(Math.max(end - 1, a), folded.text.length - 1);
  return { start: folded.starts[a] ?? 0, end: folded.ends[b] ?? 0 };
}

// ---- Decoding ------------------------------------------------------------------------------------

/**
 * Limits on decoding. Every candidate is decoded while the budgets last: characters of encoded text
 * read (at every depth), characters of payload kept, and payloads kept (each is matched and scored).
 * A candidate left unread for a budget, or a payload still encoded at the deepest level, makes the
 * text fail closed (see `DecodedText.unchecked`) rather than pass unread.
 */
export const DECODE_LIMITS = {
  depth: 4,
  maxEncodedChars: 98_304,
  maxDecodedChars: 65_536,
  maxPayloads: 64,
} as const;

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Decoded bytes read as text when they look like text: valid-ish UTF-8, mostly printable, has words. */
function plausibleText(bytes: Uint8Array): string | null {
  if (bytes.length < 6) return null;
  const text = utf8.decode(bytes);
  let printable = 0;
  let letters = 0;
  let total = 0;
  for (const ch of text) {
    total++;
    const c = ch.codePointAt(0) ?? 0;
    if (c === 0xfffd) continue;
    if ((c >= 32 && c < 127) || c === 9 || c === 10 || c === 13) printable++;
    else if (c >= 160 && /[\p{L}\p{N}\p{P}\p{Zs}]/u.test(ch)) printable++;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 192 && /\p{L}/u.test(ch))) letters++;
  }
  if (total === 0 || printable / total < 0.9 || letters / total < 0.5) return null;
  return text;
}

function base64Bytes(segment: string): Uint8Array | null {
  const clean = segment.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  return Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

function hexBytes(segment: string): Uint8Array | null {
  const digits = segment.replace(/0x|\\x|[\s:;,-]/gi, '');
  if (digits.length % 2 !== 0) return null;
  return Buffer.from(digits, 'hex');
}

function urlBytes(segment: string): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 37 && /^[0-9a-fA-F]{2}$/.test(segment.slice(i + 1, i + 3))) {
      bytes.push(parseInt(segment.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c === 43) {
      bytes.push(32);
    } else if (c < 128) {
      bytes.push(c);
    } else {
      for (const b of Buffer.from(segment[i] ?? '', 'utf8')) bytes.push(b);
    }
  }
  return Uint8Array.from(bytes);
}

/** A base64 run: 16+ characters of the alphabet (standard or URL-safe), mixed case or digits. */
const BASE64_CANDIDATE = /(?<![A-Za-z0-9+/_-])(?:[A-Za-z0-9+/_-]{16,}={0,2}|[A-Za-z0-9+/_-]{10,15}={1,2})/g;
/** Hex bytes, bare or as 0x41 / \x41, optionally separated: at least 8 bytes. */
const HEX_CANDIDATE = /(?<![0-9A-Za-z])(?:(?:0x|\\x)?[0-9a-fA-F]{2}(?:, ?|[\s:;-])?){8,}/g;
/** Tokens (runs without whitespace); URL-encoded ones have at least three %XX escapes. */
const TOKEN = /\S+/g;
const PERCENT_ESCAPE = /%[0-9a-fA-F]{2}/g;

/** Eight or more Morse letters ('.' and '-'), words split by '/' or wider gaps. */
const MORSE_CANDIDATE = /(?<![\w.-])(?:[.-]{1,7}(?:[ \t]{1,3}|[ \t]*\/[ \t]*)){7,}[.-]{1,7}(?![\w.-])/g;
/** Six or more bytes written in binary. */
const BINARY_CANDIDATE = /(?<![01])(?:[01]{8}[ \t,]?){6,}/g;
/** Base32 (RFC 4648): 16 or more capitals and digits 2-7, optionally padded. */
const BASE32_CANDIDATE = /(?<![A-Za-z0-9+/=])[A-Z2-7]{16,}={0,6}(?![A-Za-z0-9+/])/g;
/** Eight or more character codes written in decimal ("73 103 110 111 …", "73,103,110"). */
const DECIMAL_CANDIDATE = /(?<!\d)(?:\d{2,3}[ \t,;]{1,3}){7,}\d{2,3}/g;

const MORSE: Record<string, string> = {
  '.-': 'a',
  '-...': 'b',
  '-.-.': 'c',
  '-..': 'd',
  '.': 'e',
  '..-.': 'f',
  '--.': 'g',
  '....': 'h',
  '..': 'i',
  '.---': 'j',
  '-.-': 'k',
  '.-..': 'l',
  '--': 'm',
  '-.': 'n',
  '---': 'o',
  '.--.': 'p',
  '--.-': 'q',
  '.-.': 'r',
  '...': 's',
  '-': 't',
  '..-': 'u',
  '...-': 'v',
  '.--': 'w',
  '-..-': 'x',
  '-.--': 'y',
  '--..': 'z',
  '-----': '0',
  '.----': '1',
  '..---': '2',
  '...--': '3',
  '....-': '4',
  '.....': '5',
  '-....': '6',
  '--...': '7',
  '---..': '8',
  '----.': '9',
  '.-.-.-': '.',
  '--..--': ',',
  '..--..': '?',
  '-.-.--': '!',
  '.----.': "'",
  '-..-.': '/',
  '---...': ':',
};

function morseBytes(segment: string): Uint8Array | null {
  let out = '';
  let unknown = 0;
  for (const word of segment.trim().split(/[ \t]*\/[ \t]*|[ \t]{2,}/)) {
    for (const code of word.split(/[ \t]+/)) {
      if (!code) continue;
      const letter = MORSE[code];
      if (letter === undefined) unknown++;
      out += letter ?? '';
    }
    out += ' ';
  }
  return unknown > out.length / 4 ? null : Buffer.from(out.trim(), 'utf8');
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(segment: string): Uint8Array | null {
  const clean = segment.replace(/=+$/, '');
  const out: number[] = [];
  let value = 0;
  let bits = 0;
  for (let i = 0; i < clean.length; i++) {
    const digit = BASE32_ALPHABET.indexOf(clean.charAt(i));
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
    }
  }
  return Uint8Array.from(out);
}

/** Character codes in decimal, as text (UTF-8): every code a printable character, or none is read. */
function decimalBytes(segment: string): Uint8Array | null {
  let text = '';
  for (const code of segment.split(/[ \t,;]+/)) {
    const n = Number(code);
    if (!((n >= 32 && n < 127) || n === 9 || n === 10 || n === 13 || (n >= 160 && n <= 255))) return null;
    text += String.fromCharCode(n);
  }
  return Buffer.from(text, 'utf8');
}

function binaryBytes(segment: string): Uint8Array {
  return Uint8Array.from((segment.match(/[01]{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/**
 * Ascii85 (btoa's alphabet '!'..'u', 'z' for four zero bytes), with or without its '<~' '~>'
 * delimiters. Its alphabet is nearly all of printable ASCII, so it is only tried on runs that look
 * like nothing else (see ASCII85_CANDIDATE).
 */
function ascii85Bytes(segment: string): Uint8Array | null {
  const body = segment.replace(/^<~/, '').replace(/~>$/, '').replace(/\s+/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let k = 0; k < 5; k++) value = value * 85 + (group[k] ?? 84);
    if (value > 0xffffffff) return false;
    for (let k = 0; k < count; k++) out.push((value >>> (24 - 8 * k)) & 0xff);
    return true;
  };
  for (const ch of body) {
    const c = ch.charCodeAt(0);
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    if (c < 33 || c > 117) return null;
    group.push(c - 33);
    if (group.length === 5) {
      if (!flush(4)) return null;
      group = [];
    }
  }
  if (group.length === 1) return null;
  if (group.length > 0 && !flush(group.length - 1)) return null;
  return Uint8Array.from(out);
}

/** Quoted-printable: '=XX' escapes and soft line breaks ('=' at a line's end). */
function quotedPrintableBytes(segment: string): Uint8Array {
  const text = segment.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else for (const b of Buffer.from(text[i] ?? '', 'utf8')) bytes.push(b);
  }
  return Uint8Array.from(bytes);
}

/** Ascii85 in its delimiters, or a run of 20+ of its characters mixing letters, digits and punctuation. */
const ASCII85_CANDIDATE =
  /<~[!-uz\s]{5,}~>|(?<![!-u])(?=[!-u]*[!-/:-@[-`])(?=[!-u]*[0-9])(?=[!-u]*[a-z])(?=[!-u]*[A-Z])[!-u]{20,}(?![!-u])/g;
/** Three or more quoted-printable escapes in a line-spanning run ("=3Cscript=3E…"). */
const QUOTED_PRINTABLE_CANDIDATE = /(?:[^\s=]{0,40}=(?:[0-9A-F]{2}|\r?\n)){3,}[^\s=]{0,40}/g;

const QP_NAMED_CANDIDATE = /(?:[^\s=]{0,80}=(?:[0-9A-F]{2}|\r?\n))+[^\s=]{0,80}/g;

interface Decoded {
  start: number;
  end: number;
  text: string;
  kind: 'base64' | 'base32' | 'hex' | 'decimal' | 'url' | 'morse' | 'binary' | 'ascii85' | 'quoted-printable';
}

/** What decoding has left to spend, and the first candidate left unread (in the text as sent). */
interface Budget {
  encoded: number;
  decoded: number;
  payloads: number;
  unchecked: Unchecked | null;
}

/** A candidate that was not read: the budgets ran out, or a payload was still encoded at the deepest level. */
export interface Unchecked {
  reason: 'budget' | 'depth';
  /** Where it lies in the text as sent (for a payload inside a payload: the outermost encoded text). */
  start: number;
  end: number;
}

/**
 * Every encoded run of `source` that decodes to plausible text, while `budget.encoded` lasts
 * (`onSkip` is told of each candidate left unread). A span may have two readings (a hex run is also
 * a base64 run): each that reads as text is kept.
 */
function findEncoded(source: string, budget: Budget, onSkip: (start: number, end: number) => void): Decoded[] {
  const found: Decoded[] = [];
  const read = (start: number, segment: string, kind: Decoded['kind'], decode: (s: string) => Uint8Array | null) => {
    if (segment.length > budget.encoded) {
      onSkip(start, start + segment.length);
      return;
    }
    budget.encoded -= segment.length;
    const bytes = decode(segment);
    const text = bytes ? plausibleText(bytes) : null;
    if (text && text !== segment) found.push({ start, end: start + segment.length, text, kind });
  };
  const take = (pattern: RegExp, kind: Decoded['kind'], decode: (segment: string) => Uint8Array | null) => {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
      const segment = m[0].trimEnd();
      // A plain long word (one case, no digits) is not worth decoding.
      if (kind === 'base64' && !/[0-9+/_-]/.test(segment) && !(/[A-Z]/.test(segment) && /[a-z]/.test(segment))) {
        continue;
      }
      read(m.index, segment, kind, decode);
    }
  };
  if (source.length >= 16) {
    if (source.includes('0') && source.includes('1')) take(BINARY_CANDIDATE, 'binary', binaryBytes);
    take(HEX_CANDIDATE, 'hex', hexBytes);
    take(BASE64_CANDIDATE, 'base64', base64Bytes);
    take(BASE32_CANDIDATE, 'base32', base32Bytes);
    if (/\d\d[ \t,;]/.test(source)) take(DECIMAL_CANDIDATE, 'decimal', decimalBytes);
    if (source.includes('.-') || source.includes('-.')) take(MORSE_CANDIDATE, 'morse', morseBytes);
    take(ASCII85_CANDIDATE, 'ascii85', ascii85Bytes);
  }
  if (/=[0-9A-F]{2}/.test(source)) {
    // One escape is enough where the text says it is quoted-printable.
    take(
      /quoted.?printable/i.test(source) ? QP_NAMED_CANDIDATE : QUOTED_PRINTABLE_CANDIDATE,
      'quoted-printable',
      quotedPrintableBytes,
    );
  }
  if (source.includes('%')) {
    TOKEN.lastIndex = 0;
    for (let m = TOKEN.exec(source); m; m = TOKEN.exec(source)) {
      if ((m[0].match(PERCENT_ESCAPE)?.length ?? 0) < 3) continue;
      read(m.index, m[0], 'url', urlBytes);
    }
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

function rot13(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) out += String.fromCharCode(((c - 65 + 13) % 26) + 65);
    else if (c >= 97 && c <= 122) out += String.fromCharCode(((c - 97 + 13) % 26) + 97);
    else out += text[i] ?? '';
  }
  return out;
}

/** Common words of instructions, in English and Portuguese: how rot13 text is recognised. */
const COMMON_WORDS = new Set(
  (
    'the you your and all are ignore previous instructions instruction prompt system password secret say ' +
    'tell print reveal what now from this that with for not have will must any above before rules ' +
    'disregard forget repeat output show give access granted code key admin mode developer only ' +
    'o a os as de que nao tudo todas instrucoes anteriores esquece ignora diz mostra palavra passe ' +
    'las instrucciones anteriores olvida contrasena les toutes precedentes oublie mot alle vorherigen anweisungen vergiss passwort'
  ).split(' '),
);
/** Words of commands and markup that a hidden payload is made of: rotated, they tell rot13 too. */
const ROT13_PAYLOAD_WORDS = 'script alert javascript onerror system touch passwd curl wget exec eval'.split(' ');
const ROT13_WORDS = new Set([...COMMON_WORDS, ...ROT13_PAYLOAD_WORDS].map(rot13));
const WORD = /[A-Za-z]{1,20}/g;
/** Lines or sentences, as spans: rot13 is looked for piece by piece. */
const PIECE = /[^\n.!?]+/g;

/** A quick look for any rotated common word before reading piece by piece. */
const ROT13_HINT = new RegExp(`\\b(?:${[...ROT13_WORDS].filter((word) => word.length >= 3).join('|')})\\b`, 'i');

/** Pieces of the text that read as English or Portuguese once rot13 is undone. */
function findRot13(source: string): Span[] {
  const spans: Span[] = [];
  if (!ROT13_HINT.test(source)) return spans;
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(source); m; m = PIECE.exec(source)) {
    let plain = 0;
    let rotated = 0;
    WORD.lastIndex = 0;
    for (let w = WORD.exec(m[0]); w; w = WORD.exec(m[0])) {
      const word = w[0].toLowerCase();
      if (COMMON_WORDS.has(word)) plain++;
      if (ROT13_WORDS.has(word)) rotated++;
    }
    if (rotated >= 2 && rotated > plain) {
      const last = spans[spans.length - 1];
      // Neighbouring pieces (split by '.', '!' or a line break) are one payload.
      if (last && source.slice(last.end, m.index).trim().length <= 1) last.end = m.index + m[0].length;
      else spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return spans;
}

/** Rotates letters by `shift` places (rot13 is 13). */
function caesar(text: string, shift: number): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 65 && c <= 90) out += String.fromCharCode(((c - 65 + shift) % 26) + 65);
    else if (c >= 97 && c <= 122) out += String.fromCharCode(((c - 97 + shift) % 26) + 97);
    else out += text[i] ?? '';
  }
  return out;
}

/** A text that says it holds a cipher or an encoding: then every line is tried with every shift. */
const CIPHER_HINT =
  /\b(?:rot-?\d{1,2}|caesar|cipher|ciphered|shift(?:ed)?|encoded|encrypted|decode|decrypt|decipher)\b/i;
/** Letters enough to judge a line by its words. */
const MIN_CIPHER_LETTERS = 8;
/** Lines that are tried with every shift, at most. */
const MAX_CIPHER_LINES = 16;
/** Further words that plain text of an attack is made of (commands and markup among them). */
const PAYLOAD_WORDS = new Set(
  'script alert javascript onerror img src href touch tmp etc passwd bin bash curl wget cat echo rm system exec eval http https www com'.split(
    ' ',
  ),
);

/**
 * Lines of a text that says it holds a cipher, which read as words once rotated by some shift
 * (rot13 included, where the words are not common enough for findRot13): each with its shift.
 */
function findShifted(source: string): (Span & { shift: number })[] {
  const spans: (Span & { shift: number })[] = [];
  if (!CIPHER_HINT.test(source)) return spans;
  const LINE = /[^\n]+/g;
  let lines = 0;
  for (let m = LINE.exec(source); m && lines < MAX_CIPHER_LINES; m = LINE.exec(source)) {
    const line = m[0];
    const words = line.match(WORD) ?? [];
    if (words.join('').length < MIN_CIPHER_LETTERS) continue;
    lines++;
    const score = (candidate: string[]) =>
      candidate.reduce((n, word) => {
        const w = word.toLowerCase();
        return n + (COMMON_WORDS.has(w) || PAYLOAD_WORDS.has(w) ? 1 : 0);
      }, 0);
    const plain = score(words);
    // A line that already reads as words is no cipher; a cipher is judged on its first words.
    if (plain >= 3) continue;
    const sample = words.slice(0, 40);
    let best = { shift: 0, score: plain };
    for (let shift = 1; shift < 26; shift++) {
      const shifted = score(sample.map((word) => caesar(word, shift)));
      if (shifted > best.score) best = { shift, score: shifted };
    }
    if (best.shift !== 0 && best.score >= 2 && best.score >= plain + 2) {
      spans.push({ start: m.index, end: m.index + line.length, shift: best.shift });
    }
  }
  return spans;
}

/** Words of COMMON_WORDS written backwards (palindromes and short words left out): how reversed text is recognised. */
const REVERSED_WORDS = new Set(
  [...COMMON_WORDS]
    .filter((word) => word.length >= 3)
    .map((word) => Array.from(word).reverse().join(''))
    .filter((word) => !COMMON_WORDS.has(word)),
);
const REVERSED_HINT = new RegExp(`\\b(?:${[...REVERSED_WORDS].filter((word) => word.length >= 4).join('|')})\\b`, 'i');

/** Pieces of the text that read as words once written backwards ("snoitcurtsni suoiverp erongi"). */
function findReversed(source: string): Span[] {
  const spans: Span[] = [];
  if (!REVERSED_HINT.test(source)) return spans;
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(source); m; m = PIECE.exec(source)) {
    let plain = 0;
    let reversed = 0;
    WORD.lastIndex = 0;
    for (let w = WORD.exec(m[0]); w; w = WORD.exec(m[0])) {
      const word = w[0].toLowerCase();
      if (COMMON_WORDS.has(word)) plain++;
      if (REVERSED_WORDS.has(word)) reversed++;
    }
    if (reversed >= 2 && reversed > plain) {
      const last = spans[spans.length - 1];
      if (last && source.slice(last.end, m.index).trim().length <= 1) last.end = m.index + m[0].length;
      else spans.push({ start: m.index, end: m.index + m[0].length });
    }
  }
  return spans;
}

/**
 * Escaped characters: HTML entities (&#105; &#x69; and the named &lt; &gt; &quot; &amp; &apos;),
 * \\u0069, \\u{69}, \\x69, %u0069 and octal \\151.
 */
const ESCAPE =
  /&#[xX]([0-9a-fA-F]{1,6});?|&#(\d{1,7});?|\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|%u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\([0-7]{3})|&(lt|gt|quot|amp|apos|LT|GT|QUOT|AMP);/g;
/** The named HTML entities that markup is escaped with. */
const NAMED_ENTITIES: Record<string, number> = { lt: 0x3c, gt: 0x3e, quot: 0x22, amp: 0x26, apos: 0x27 };
/** How many escapes make a text worth reading with them undone. */
const MIN_ESCAPES = 4;

/**
 * The text with every escaped character written out ("&#105;gnore" -> "ignore"), and for each unit
 * of it the span of the text it came from; null when it has fewer than MIN_ESCAPES escapes.
 */
function unescapeText(source: string): FoldedText | null {
  if (!source.includes('&') && !source.includes('\\') && !source.includes('%u')) return null;
  const found: { start: number; end: number; cp: number }[] = [];
  ESCAPE.lastIndex = 0;
  for (let m = ESCAPE.exec(source); m; m = ESCAPE.exec(source)) {
    const [, hexEntity, decEntity, braced, u4, percentU, x2, octal, named] = m;
    const cp =
      named !== undefined
        ? (NAMED_ENTITIES[named.toLowerCase()] ?? NaN)
        : hexEntity !== undefined
          ? parseInt(hexEntity, 16)
          : decEntity !== undefined
            ? parseInt(decEntity, 10)
            : octal !== undefined
              ? parseInt(octal, 8)
              : parseInt(braced ?? u4 ?? percentU ?? x2 ?? '', 16);
    if (Number.isNaN(cp) || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    found.push({ start: m.index, end: m.index + m[0].length, cp });
  }
  if (found.length < MIN_ESCAPES) return null;
  const out = new Builder(source.length);
  let at = 0;
  for (const escape of found) {
    for (let i = at; i < escape.start; i++) out.push(source.charCodeAt(i), i, i + 1);
    const ch = String.fromCodePoint(escape.cp);
    for (let k = 0; k < ch.length; k++) out.push(ch.charCodeAt(k), escape.start, escape.end);
    at = escape.end;
  }
  for (let i = at; i < source.length; i++) out.push(source.charCodeAt(i), i, i + 1);
  return out.build();
}

/** The prompt, every payload decoded from it, and the first candidate left unread, if any. */
export interface DecodedText {
  variants: TextVariant[];
  unchecked: Unchecked | null;
}

/**
 * The prompt and every payload decoded from it (nested up to `DECODE_LIMITS.depth` deep): base64,
 * hex, URL-encoded, Morse and binary runs that decode to plausible text, and rot13 pieces that read as
 * words once rotated. What the budgets leave unread is reported, never silently passed over.
 */
export function decodeText(source: string): DecodedText {
  const variants: TextVariant[] = [{ raw: source, folded: fold(source), toOriginal: (start, end) => ({ start, end }) }];
  const budget: Budget = {
    encoded: DECODE_LIMITS.maxEncodedChars,
    decoded: DECODE_LIMITS.maxDecodedChars,
    payloads: DECODE_LIMITS.maxPayloads,
    unchecked: null,
  };
  // A payload repeated in the prompt is read once (its first place is the evidence).
  const seen = new Set<string>();

  const expand = (text: string, depth: number, chain: string | undefined, outer: Span | null, offset: number) => {
    const skip = (reason: Unchecked['reason']) => (start: number, end: number) => {
      budget.unchecked ??= { reason, ...(outer ?? { start: offset + start, end: offset + end }) };
    };
    if (depth >= DECODE_LIMITS.depth) {
      // The deepest level: anything still encoded in it is left unread, and said so.
      if (!budget.unchecked) {
        const probe: Budget = { ...budget, encoded: Math.min(budget.encoded, text.length * 2) };
        const still = findEncoded(text, probe, () => undefined);
        const first = still[0];
        if (first) skip('depth')(first.start, first.end);
        else {
          const piece = findRot13(text)[0];
          if (piece) skip('depth')(piece.start, piece.end);
        }
      }
      return;
    }
    const keep = (start: number, end: number, decoded: string): boolean => {
      if (seen.has(decoded)) return false;
      if (budget.payloads <= 0 || decoded.length > budget.decoded) {
        skip('budget')(start, end);
        return false;
      }
      seen.add(decoded);
      budget.payloads--;
      budget.decoded -= decoded.length;
      return true;
    };
    for (const d of findEncoded(text, budget, skip('budget'))) {
      if (!keep(d.start, d.end, d.text)) continue;
      // A payload inside a payload points at the outermost encoded text.
      const span = outer ?? { start: offset + d.start, end: offset + d.end };
      const kind = chain ? `${chain}+${d.kind}` : d.kind;
      variants.push({ raw: d.text, folded: fold(d.text), decodedFrom: kind, toOriginal: () => ({ ...span }) });
      expand(d.text, depth + 1, kind, span, 0);
    }
    // rot13 maps character for character, so its evidence is exact (when not inside another payload).
    for (const piece of findRot13(text)) {
      const decoded = rot13(text.slice(piece.start, piece.end));
      if (!keep(piece.start, piece.end, decoded)) continue;
      const kind = chain ? `${chain}+rot13` : 'rot13';
      const base = offset + piece.start;
      variants.push({
        raw: decoded,
        folded: fold(decoded),
        decodedFrom: kind,
        toOriginal: outer ? () => ({ ...outer }) : (start, end) => ({ start: base + start, end: base + end }),
      });
    }
    // Lines of a text that says it is ciphered, rotated back by the shift that makes words of them.
    const rot13Pieces = findRot13(text);
    for (const piece of findShifted(text)) {
      if (rot13Pieces.some((r) => r.start <= piece.start && r.end >= piece.end)) continue;
      const decoded = caesar(text.slice(piece.start, piece.end), piece.shift);
      if (!keep(piece.start, piece.end, decoded)) continue;
      const name = piece.shift === 13 ? 'rot13' : `caesar-${String(26 - piece.shift)}`;
      const kind = chain ? `${chain}+${name}` : name;
      const base = offset + piece.start;
      variants.push({
        raw: decoded,
        folded: fold(decoded),
        decodedFrom: kind,
        toOriginal: outer ? () => ({ ...outer }) : (start, end) => ({ start: base + start, end: base + end }),
      });
      expand(decoded, depth + 1, kind, outer ?? { start: base, end: base + decoded.length }, 0);
    }
    // Reversed text maps character for character too, back to front.
    for (const piece of findReversed(text)) {
      const decoded = Array.from(text.slice(piece.start, piece.end)).reverse().join('');
      if (!keep(piece.start, piece.end, decoded)) continue;
      const kind = chain ? `${chain}+reversed` : 'reversed';
      const base = offset + piece.start;
      const length = piece.end - piece.start;
      variants.push({
        raw: decoded,
        folded: fold(decoded),
        decodedFrom: kind,
        toOriginal: outer
          ? () => ({ ...outer })
          : (start, end) => ({
              start: base + Math.max(0, length - end),
              end: base + Math.min(length, length - start),
            }),
      });
    }
    // Escaped characters (entities, \\x, \\u) undone in place: the whole text, each unit mapped back.
    if (budget.encoded >= text.length) {
      const unescaped = unescapeText(text);
      if (unescaped) {
        budget.encoded -= text.length;
        if (keep(0, text.length, unescaped.text)) {
          const kind = chain ? `${chain}+escapes` : 'escapes';
          variants.push({
            raw: unescaped.text,
            folded: fold(unescaped.text),
            decodedFrom: kind,
            toOriginal: outer
              ? () => ({ ...outer })
              : (start, end) => {
                  const span = sourceSpan(unescaped, start, end);
                  return { start: offset + span.start, end: offset + span.end };
                },
          });
          expand(unescaped.text, depth + 1, kind, outer ?? { start: offset, end: offset + text.length }, 0);
        }
      }
    }
  };
  expand(source, 0, undefined, null, 0);
  // Unicode tag characters (U+E0020-U+E007E) are invisible copies of ASCII: the fold reads them in
  // place, run into the visible words around them; read on their own too, as the message they spell.
  if (/[\u{E0020}-\u{E007E}]/u.test(source)) {
    let hidden = '';
    let first = -1;
    let last = -1;
    for (let i = 0; i < source.length; i++) {
      const cp = source.codePointAt(i) ?? 0;
      if (cp >= 0xe0020 && cp <= 0xe007e) {
        hidden += String.fromCharCode(cp - 0xe0000);
        if (first < 0) first = i;
        last = i + 2;
      }
      if (cp > 0xffff) i++;
    }
    if (hidden.trim().length > 0 && !seen.has(hidden)) {
      const span = { start: first, end: last };
      variants.push({
        raw: hidden,
        folded: fold(hidden),
        decodedFrom: 'unicode-tags',
        toOriginal: () => ({ ...span }),
      });
    }
  }
  return { variants, unchecked: budget.unchecked };
}

/** The prompt and every payload decoded from it (see `decodeText`). */
export function textVariants(source: string): TextVariant[] {
  return decodeText(source).variants;
}
