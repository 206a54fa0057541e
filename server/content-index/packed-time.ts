/** A timestamp as a number when its ISO text comes back from it exactly, else as that text. */
export function packTime(text: string | null): number | string | null {
  if (text === null) return text;
  const ms = canonicalIsoMs(text);
  return ms === undefined ? text : ms;
}

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The time of a text that is exactly what toISOString writes for it (`YYYY-MM-DDTHH:mm:ss.sssZ`, a
 * real date), from the digits themselves (a third of Date.parse's cost); undefined for any other text.
 */
function canonicalIsoMs(text: string): number | undefined {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 84 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58 ||
    text.charCodeAt(19) !== 46 ||
    text.charCodeAt(23) !== 90
  )
    return undefined;
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
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= DAYS[month - 1]!)) return undefined;
  if (month === 2 && day === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0))) return undefined;
  const hour = number(11, 13);
  const minute = number(14, 16);
  const second = number(17, 19);
  const milli = number(20, 23);
  if (!(hour <= 23 && minute <= 59 && second <= 59 && milli >= 0)) return undefined;
  // Date.UTC reads the years 0–99 as 1900–1999; those few go through Date.parse.
  const ms = year >= 100 ? Date.UTC(year, month - 1, day, hour, minute, second, milli) : Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
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
