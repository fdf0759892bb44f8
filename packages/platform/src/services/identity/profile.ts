import { isObject } from '@atrium/contract/forms-validation';
import type { FieldViolation, IdentityProfile, Json } from '@atrium/contract/types';
import { validationError } from '../../errors.js';
import { isValidEmail } from './validation.js';

/**
 * Member profiles (docs/spec.md §3 Identity and its tags): every field this platform knows is checked for
 * its type, length and enumeration, and kept; fields it does not know are dropped.
 */
const STRING_FIELDS = [
  'firstName',
  'lastName',
  'nickname',
  'picture',
  'language',
  'company',
  'position',
  'birthdate',
] as const;
const STRING_LIST_FIELDS = ['emails', 'phones', 'labels'] as const;
const PRIVACY_STATUSES = ['UNDEFINED', 'PUBLIC', 'PRIVATE'];
const EMAIL_TAGS = ['UNTAGGED', 'MAIN', 'HOME', 'WORK'];
const PHONE_TAGS = ['UNTAGGED', 'MAIN', 'HOME', 'MOBILE', 'WORK', 'FAX'];
const ADDRESS_TAGS = ['UNTAGGED', 'HOME', 'WORK', 'BILLING', 'SHIPPING'];
const ADDRESS_STRING_FIELDS = [
  'country',
  'subdivision',
  'city',
  'postalCode',
  'addressLine',
  'addressLine2',
  'formattedAddress',
];
const MAX_TEXT = 1000;
const MAX_ITEMS = 50;
/** Non-finite floats travel as these strings (docs/wire.md §1.7 step 4). */
const FLOAT_WORDS = ['NaN', 'Infinity', '-Infinity'];

/**
 * The profile with the fields this platform knows, each checked (type, length, enumeration); any
 * violation throws a validation error naming it as `profile.<path>`. Unknown fields are dropped.
 */
export function validateProfile(profile: unknown, root = 'profile'): IdentityProfile {
  if (profile === undefined) return {};
  const violations: FieldViolation[] = [];
  const violate = (field: string, description: string, violatedRule = 'TYPE') =>
    violations.push({ field: `${root}.${field}`, description, violatedRule });
  if (!isObject(profile))
    throw validationError([{ field: root, description: 'must be an object', violatedRule: 'TYPE' }]);

  const result: Json = {};
  for (const field of STRING_FIELDS) {
    const value = profile[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') violate(field, 'must be a string');
    else if (value.length > MAX_TEXT) violate(field, `must be at most ${MAX_TEXT} characters`, 'MAX_LENGTH');
    else result[field] = value;
  }
  if (typeof result.birthdate === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(result.birthdate)) {
    violate('birthdate', 'must be a date as YYYY-MM-DD', 'FORMAT');
  }
  for (const field of STRING_LIST_FIELDS) {
    const value = profile[field];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value) || value.length > MAX_ITEMS || value.some((item) => typeof item !== 'string')) {
      violate(field, `must be a list of at most ${MAX_ITEMS} strings`);
    } else result[field] = value;
  }
  if (profile.privacyStatus !== undefined && profile.privacyStatus !== null) {
    if (!PRIVACY_STATUSES.includes(profile.privacyStatus as string)) {
      violate('privacyStatus', `must be one of ${PRIVACY_STATUSES.join(', ')}`, 'ENUM');
    } else result.privacyStatus = profile.privacyStatus;
  }

  const list = (field: string, check: (item: Json, path: string) => Json | undefined) => {
    const value = profile[field];
    if (value === undefined || value === null) return;
    if (!Array.isArray(value) || value.length > MAX_ITEMS) {
      violate(field, `must be a list of at most ${MAX_ITEMS} entries`);
      return;
    }
    const items = value.map((item, index) => {
      if (!isObject(item)) {
        violate(`${field}.${index}`, 'must be an object');
        return undefined;
      }
      return check(item, `${field}.${index}`);
    });
    result[field] = items;
  };
  const tag = (item: Json, path: string, allowed: string[], out: Json) => {
    if (item.tag === undefined || item.tag === null) return;
    if (!allowed.includes(item.tag as string))
      violate(`${path}.tag`, `must be one of ${allowed.join(', ')}`, 'ENUM');
    else out.tag = item.tag;
  };
  const text = (item: Json, key: string, path: string, out: Json) => {
    const value = item[key];
    if (value === undefined || value === null) return;
    if (typeof value !== 'string') violate(`${path}.${key}`, 'must be a string');
    else if (value.length > MAX_TEXT)
      violate(`${path}.${key}`, `must be at most ${MAX_TEXT} characters`, 'MAX_LENGTH');
    else out[key] = value;
  };
  const privacy = (item: Json, path: string, out: Json) => {
    if (item.privacy === undefined || item.privacy === null) return;
    if (!PRIVACY_STATUSES.includes(item.privacy as string)) {
      violate(`${path}.privacy`, `must be one of ${PRIVACY_STATUSES.join(', ')}`, 'ENUM');
    } else out.privacy = item.privacy;
  };

  list('secondaryEmails', (item, path) => {
    const out: Json = {};
    text(item, 'email', path, out);
    if (typeof out.email === 'string' && !isValidEmail(out.email)) {
      violations.push({
        field: `${root}.${path}.email`,
        description: `"${out.email}" is not a valid e-mail address`,
        violatedRule: 'FORMAT',
        data: { type: 'EMAIL' },
      });
    }
    tag(item, path, EMAIL_TAGS, out);
    privacy(item, path, out);
    return out;
  });
  list('phonesV2', (item, path) => {
    const out: Json = {};
    text(item, 'countryCode', path, out);
    text(item, 'phone', path, out);
    tag(item, path, PHONE_TAGS, out);
    privacy(item, path, out);
    return out;
  });
  list('addresses', (item, path) => {
    const out: Json = {};
    if (item.address !== undefined && item.address !== null) {
      if (!isObject(item.address)) violate(`${path}.address`, 'must be an object');
      else {
        const address: Json = {};
        for (const key of ADDRESS_STRING_FIELDS) text(item.address, key, `${path}.address`, address);
        const geocode = item.address.geocode;
        if (geocode !== undefined && geocode !== null) {
          if (
            !isObject(geocode) ||
            !['latitude', 'longitude'].every(
              (k) => geocode[k] === undefined || typeof geocode[k] === 'number',
            )
          ) {
            violate(`${path}.address.geocode`, 'must be { latitude, longitude } numbers');
          } else address.geocode = { latitude: geocode.latitude, longitude: geocode.longitude };
        }
        out.address = address;
      }
    }
    tag(item, path, ADDRESS_TAGS, out);
    privacy(item, path, out);
    return out;
  });
  list('customFields', (item, path) => {
    const out: Json = {};
    if (typeof item.name !== 'string' || item.name === '')
      violate(`${path}.name`, 'is required and must be a string', 'REQUIRED');
    else out.name = item.name;
    const value = customValue(item.value, `${path}.value`, violate, 0);
    if (value !== undefined) out.value = value;
    return out;
  });

  if (violations.length > 0) throw validationError(violations);
  return result as IdentityProfile;
}

/** A CustomValue: exactly one of strValue, numValue, dateValue, boolValue, listValue, mapValue. */
function customValue(
  value: unknown,
  path: string,
  violate: (field: string, description: string, rule?: string) => void,
  depth: number,
): Json | undefined {
  if (!isObject(value)) {
    violate(
      path,
      'must be an object with one of strValue, numValue, dateValue, boolValue, listValue, mapValue',
    );
    return undefined;
  }
  const kinds = ['strValue', 'numValue', 'dateValue', 'boolValue', 'listValue', 'mapValue'].filter(
    (key) => value[key] !== undefined && value[key] !== null,
  );
  if (kinds.length !== 1) {
    violate(
      path,
      'must have exactly one of strValue, numValue, dateValue, boolValue, listValue, mapValue',
      'ONE_OF',
    );
    return undefined;
  }
  const kind = kinds[0]!;
  const inner = value[kind];
  const at = `${path}.${kind}`;
  switch (kind) {
    case 'strValue':
      if (typeof inner !== 'string' || inner.length > MAX_TEXT)
        return void violate(at, `must be a string of at most ${MAX_TEXT} characters`);
      return { strValue: inner };
    case 'numValue':
      if (!(typeof inner === 'number' && Number.isFinite(inner)) && !FLOAT_WORDS.includes(inner as string)) {
        return void violate(at, 'must be a number');
      }
      return { numValue: inner };
    case 'dateValue':
      if (typeof inner !== 'string' || Number.isNaN(Date.parse(inner)))
        return void violate(at, 'must be an ISO-8601 date', 'FORMAT');
      return { dateValue: inner };
    case 'boolValue':
      if (typeof inner !== 'boolean') return void violate(at, 'must be a boolean');
      return { boolValue: inner };
    default: {
      if (depth >= 3) return void violate(at, 'nests too deeply (at most 3 levels)');
      const items = isObject(inner) ? inner.value : undefined;
      if (kind === 'listValue') {
        if (items !== undefined && (!Array.isArray(items) || items.length > MAX_ITEMS))
          return void violate(`${at}.value`, `must be a list of at most ${MAX_ITEMS} values`);
        const values = ((items as unknown[] | undefined) ?? []).map((item, index) =>
          customValue(item, `${at}.value.${index}`, violate, depth + 1),
        );
        return { listValue: { value: values } };
      }
      if (items !== undefined && !isObject(items))
        return void violate(`${at}.value`, 'must be an object of values');
      const entries = Object.entries((items as Json | undefined) ?? {});
      if (entries.length > MAX_ITEMS)
        return void violate(`${at}.value`, `must have at most ${MAX_ITEMS} values`);
      return {
        mapValue: {
          value: Object.fromEntries(
            entries.map(([key, item]) => [key, customValue(item, `${at}.value.${key}`, violate, depth + 1)]),
          ),
        },
      };
    }
  }
}
