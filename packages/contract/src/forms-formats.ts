/**
 * String formats a form field may require (FORM_STRING_FORMATS), as predicates. Each accepts what a
 * browser's own inputs produce (`<input type=email|url|date|time|datetime-local>`), so a form filled
 * in a browser passes, and refuses what clearly is not the format. Unknown formats accept anything.
 * Part of forms-validation.ts: the platform and the browser check values with these same rules.
 */

const EMAIL = /^[^\s@"<>()[\],;:]+@(?:[^\s@"<>()[\],;:.]+\.)+[^\s@"<>()[\],;:.\d]{2,}$/u;
/** Separators people type in phone numbers; what remains must be E.164-like digits. */
const PHONE_SEPARATORS = /[\s\-.()]/g;
const PHONE = /^\+?[0-9]{6,15}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(.+?)(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const COLOR_HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const CURRENCY = /^[A-Z]{3}$/;
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** A calendar date `YYYY-MM-DD` that exists (2024-02-29 does, 2023-02-29 does not). */
function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  return match !== null && isDate(match[1]!) && TIME.test(match[2]!);
}

function isUrl(value: string, schemes?: readonly string[]): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    if (schemes !== undefined && !schemes.includes(url.protocol)) return false;
    return schemes === undefined || url.hostname.length > 0;
  } catch {
    return false;
  }
}

const CHECKS: Readonly<Record<string, (value: string) => boolean>> = {
  EMAIL: (value) => value.length <= 254 && EMAIL.test(value),
  PHONE: (value) => PHONE.test(value.replace(PHONE_SEPARATORS, '')),
  URL: (value) => isUrl(value, ['http:', 'https:']),
  URI: (value) => isUrl(value),
  DATE: isDate,
  TIME: (value) => TIME.test(value),
  DATE_TIME: isDateTime,
  DATE_OPTIONAL_TIME: (value) => isDate(value) || isDateTime(value),
  UUID: (value) => UUID.test(value),
  HOSTNAME: (value) => HOSTNAME.test(value),
  COLOR_HEX: (value) => COLOR_HEX.test(value),
  CURRENCY: (value) => CURRENCY.test(value),
  LANGUAGE: (value) => LANGUAGE.test(value),
};

/** Whether `value` has `format`; formats without a check (UNDEFINED, UNKNOWN_FORMAT) accept anything. */
export function hasFormat(value: string, format: string): boolean {
  const check = CHECKS[format];
  return check === undefined || check(value);
}
