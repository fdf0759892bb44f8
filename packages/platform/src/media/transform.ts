import { MEDIA_ERROR_CODES, MEDIA_LIMITS } from '@atrium/contract';
import { mediaError } from './probe.js';

/**
 * The resize part of a media URL, in the hosted platform's form (what its URL builders produce):
 * `v1/fill/w_300,h_200,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/<name>`, `v1/fit/w_…,h_…/<name>`,
 * optionally after `v1/crop/x_10,y_20,w_100,h_100/`, or a crop alone. Every parameter is checked;
 * anything else is refused with 400, so a URL always means one image.
 */
export type Alignment = 'c' | 't' | 'tl' | 'tr' | 'b' | 'bl' | 'br' | 'l' | 'r';
export type Encoding = 'auto' | 'jpg' | 'png' | 'webp' | 'avif';

export interface Crop {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Resize {
  readonly mode: 'fill' | 'fit';
  readonly width: number;
  readonly height: number;
  readonly alignment: Alignment;
  readonly focalPoint?: { readonly x: number; readonly y: number };
  readonly quality?: number;
  readonly unsharp?: { readonly amount: number; readonly radius: number; readonly threshold: number };
  readonly blur?: number;
  readonly encoding: Encoding;
}

export interface Transform {
  readonly crop?: Crop;
  readonly resize?: Resize;
}

const ALIGNMENTS = new Set<string>(['c', 't', 'tl', 'tr', 'b', 'bl', 'br', 'l', 'r']);
const ENCODINGS = new Set<string>(['auto', 'jpg', 'png', 'webp', 'avif']);

const invalid = (description: string) =>
  mediaError(400, MEDIA_ERROR_CODES.invalidTransform, `invalid image transformation: ${description}`);

/** `v1/…/<name>` (the part after `/media/<id>/`) as a Transform. */
export function parseTransform(path: string): Transform {
  const segments = path.split('/');
  if (segments[0] !== 'v1') throw invalid('the version must be v1');
  const operations = segments.slice(1, -1);
  const name = segments.at(-1);
  if (!name || operations.length === 0 || operations.length % 2 !== 0 || operations.length > 4) {
    throw invalid('expected v1/<fill|fit|crop>/<parameters>[/<fill|fit>/<parameters>]/<name>');
  }
  let crop: Crop | undefined;
  let resize: Resize | undefined;
  for (let index = 0; index < operations.length; index += 2) {
    const operation = operations[index]!;
    const parameters = parseParameters(operations[index + 1]!);
    if (operation === 'crop' && index === 0) crop = parseCrop(parameters);
    else if ((operation === 'fill' || operation === 'fit') && resize === undefined) {
      resize = parseResize(operation, parameters);
    } else throw invalid(`unexpected operation "${operation}"`);
  }
  return { crop, resize };
}

function parseParameters(text: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const part of text.split(',')) {
    const separator = part.indexOf('_');
    if (separator <= 0) throw invalid(`"${part}" is not name_value`);
    const name = part.slice(0, separator);
    if (parameters.has(name)) throw invalid(`"${name}" is given twice`);
    parameters.set(name, part.slice(separator + 1));
  }
  return parameters;
}

function take(parameters: Map<string, string>, name: string): string | undefined {
  const value = parameters.get(name);
  parameters.delete(name);
  return value;
}

const DECIMAL = /^\d+(\.\d+)?$/;

function number(value: string | undefined, name: string, min: number, max: number, integer: boolean): number {
  if (value === undefined) throw invalid(`"${name}" is required`);
  const parsed = DECIMAL.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= min && parsed <= max) || (integer && !Number.isInteger(parsed))) {
    throw invalid(
      `"${name}" must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got "${value}"`,
    );
  }
  return parsed;
}

const optional = <T>(value: string | undefined, parse: (value: string) => T): T | undefined =>
  value === undefined ? undefined : parse(value);

function noneLeft(parameters: Map<string, string>): void {
  const [unknown] = parameters.keys();
  if (unknown !== undefined) throw invalid(`unknown parameter "${unknown}"`);
}

function parseCrop(parameters: Map<string, string>): Crop {
  const max = MEDIA_LIMITS.maxImagePixels;
  const crop = {
    x: number(take(parameters, 'x'), 'x', 0, max, true),
    y: number(take(parameters, 'y'), 'y', 0, max, true),
    width: number(take(parameters, 'w'), 'w', 1, max, true),
    height: number(take(parameters, 'h'), 'h', 1, max, true),
  };
  noneLeft(parameters);
  return crop;
}

function parseResize(mode: 'fill' | 'fit', parameters: Map<string, string>): Resize {
  const max = MEDIA_LIMITS.maxDimension;
  const width = number(take(parameters, 'w'), 'w', 1, max, true);
  const height = number(take(parameters, 'h'), 'h', 1, max, true);
  const alignment = optional(take(parameters, 'al'), (value) => {
    if (!ALIGNMENTS.has(value)) throw invalid(`"al" must be one of ${[...ALIGNMENTS].join(', ')}`);
    return value as Alignment;
  });
  const focalPoint = optional(take(parameters, 'fp'), (value) => {
    const [x, y, ...rest] = value.split('_');
    if (rest.length > 0) throw invalid('"fp" is fp_<x>_<y>');
    return { x: number(x, 'fp x', 0, 1, false), y: number(y, 'fp y', 0, 1, false) };
  });
  const quality = optional(take(parameters, 'q'), (value) => number(value, 'q', 1, 100, true));
  const unsharp = optional(take(parameters, 'usm'), (value) => {
    // The hosted builders' order: radius, amount, threshold (usm_0.66_1.00_0.01 by default).
    const [radius, amount, threshold, ...rest] = value.split('_');
    if (rest.length > 0) throw invalid('"usm" is usm_<radius>_<amount>_<threshold>');
    return {
      amount: number(amount, 'usm amount', 0, 5, false),
      radius: number(radius, 'usm radius', 0, 500, false),
      threshold: number(threshold, 'usm threshold', 0, 1, false),
    };
  });
  const blur = optional(take(parameters, 'blur'), (value) => number(value, 'blur', 0, 100, false));
  const encoding = optional(take(parameters, 'enc'), (value) => {
    if (!ENCODINGS.has(value)) throw invalid(`"enc" must be one of ${[...ENCODINGS].join(', ')}`);
    return value as Encoding;
  });
  // lg_1 (the hosted builders' "legacy" marker) changes nothing here.
  optional(take(parameters, 'lg'), (value) => number(value, 'lg', 0, 1, true));
  noneLeft(parameters);
  if (mode === 'fit' && (focalPoint !== undefined || alignment !== undefined)) {
    throw invalid('"fp" and "al" apply to fill, not fit');
  }
  return {
    mode,
    width,
    height,
    alignment: alignment ?? 'c',
    focalPoint,
    quality,
    unsharp,
    blur,
    encoding: encoding ?? 'auto',
  };
}

/** A canonical text of the transform: equal transforms, equal keys (the cache's file names). */
export const transformKey = (transform: Transform): string => JSON.stringify(transform);
