/** A timestamp as a number when its ISO text comes back from it exactly, else as that text. */
export function packTime(text: string | null): number | string | null {
  if (text === null || !isCanonicalIso(text)) return text;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : text;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether a text is exactly what toISOString writes for some time (`YYYY-MM-DDTHH:mm:ss.sssZ`, a real date). */
function isCanonicalIso(text: string): boolean {
  if (
    text.length !== 24 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== 'T' ||
    text[13] !== ':' ||
    text[16] !== ':' ||
    text[19] !== '.' ||
    text[23] !== 'Z'
  )
    return false;
  const number = (from: number, to: number): number => {
    let value = 0;
    for (let i = from; i < to; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return NaN;
      value = value * 10 + digit;
    }
    return value;
  };
  const year = number(0, 4);
  const month = number(5, 7);
  const day = number(8, 10);
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1]!)) return false;
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return false;
  return number(11, 13) <= 23 && number(14, 16) <= 59 && number(17, 19) <= 59 && number(20, 23) >= 0;
}

export function unpackTime(value: number | string | null): string | null {
  return typeof value === 'number' ? isoText(value) : value;
}

/** Years 1970–9999 (what almost every packed time is) are written by hand: toISOString costs ~10x more. */
const LAST_FAST_MS = 253_402_300_799_999;
const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** `new Date(ms).toISOString()`, the same text. */
export function isoText(ms: number): string {
  if (!(ms >= 0 && ms <= LAST_FAST_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const second = rest % 60;
  rest = (rest - second) / 60;
  const minute = rest % 60;
  const hour = (rest - minute) / 60;
  // The civil date of a day count (days since 1970-01-01), in 400-year eras starting in March.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const t = TWO_DIGITS;
  return `${t[Math.floor(year / 100)]}${t[year % 100]}-${t[month]}-${t[day]}T${t[hour]}:${t[minute]}:${t[second]}.${t[Math.floor(milli / 10)]}${milli % 10}Z`;
}
