import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * Measuring for the windowed views: an element's width, and which part of it the browser's
 * viewport shows. Both start from fixed guesses (the server render, the first client render),
 * then follow resizes and scrolling; updates are batched per animation frame.
 */

/** Layout effects on the client, plain effects on a server (where neither runs anyway). */
export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** The width assumed before a measurement (server rendering, or an element with no layout). */
export const FALLBACK_WIDTH = 960;
/** The viewport height assumed before a measurement. */
export const FALLBACK_VIEWPORT_HEIGHT = 800;

/** `element.clientWidth`, following resizes (ResizeObserver); FALLBACK_WIDTH until known. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = element.clientWidth;
      setWidth(measured > 0 ? measured : FALLBACK_WIDTH);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export interface Span {
  /** Pixels from the element's top (or left) edge; may be negative or beyond its size. */
  readonly start: number;
  readonly end: number;
}

/** Runs `update` at most once per animation frame, however often `schedule` is called. */
function onFrames(update: () => void): { schedule: () => void; cancel: () => void } {
  let frame = 0;
  return {
    schedule: () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    },
    cancel: () => cancelAnimationFrame(frame),
  };
}

/** Spans are rounded down to this many pixels, so small scrolls do not re-render (the overscan covers it). */
const STEP = 64;
const quantize = (span: Span): Span => ({
  start: Math.floor(span.start / STEP) * STEP,
  end: Math.ceil(span.end / STEP) * STEP,
});

/**
 * The vertical span of `ref`'s element that the window's viewport shows, widened by `overscan`
 * pixels on each side, in the element's coordinates. Follows page scrolling (and scrolling
 * ancestors: scroll events are caught in the capture phase) and window resizes.
 */
export function useVerticalWindow(ref: RefObject<HTMLElement | null>, overscan: number): Span {
  const [span, setSpan] = useState<Span>(() =>
    quantize({ start: -overscan, end: FALLBACK_VIEWPORT_HEIGHT + overscan }),
  );
  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top;
      const viewport = window.innerHeight || FALLBACK_VIEWPORT_HEIGHT;
      const next = quantize({ start: -top - overscan, end: -top + viewport + overscan });
      setSpan((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    measure();
    const frames = onFrames(measure);
    window.addEventListener('scroll', frames.schedule, { passive: true, capture: true });
    window.addEventListener('resize', frames.schedule);
    return () => {
      frames.cancel();
      window.removeEventListener('scroll', frames.schedule, { capture: true });
      window.removeEventListener('resize', frames.schedule);
    };
  }, [ref, overscan]);
  return span;
}

export interface StripWindow extends Span {
  /** Scrolled to the start / the end (nothing more to scroll to that way). */
  readonly atStart: boolean;
  readonly atEnd: boolean;
}

/** The horizontal span of a scrolling strip that it shows, widened by `overscan`: its own scroll position. */
export function useHorizontalWindow(ref: RefObject<HTMLElement | null>, overscan: number): StripWindow {
  const [span, setSpan] = useState<StripWindow>(() => ({
    ...quantize({ start: -overscan, end: FALLBACK_WIDTH + overscan }),
    atStart: true,
    atEnd: false,
  }));
  useIsomorphicLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { scrollLeft, scrollWidth } = element;
      const width = element.clientWidth || FALLBACK_WIDTH;
      const next = {
        ...quantize({ start: scrollLeft - overscan, end: scrollLeft + width + overscan }),
        atStart: scrollLeft <= 1,
        atEnd: scrollLeft + width >= scrollWidth - 1,
      };
      setSpan((current) =>
        current.start === next.start &&
        current.end === next.end &&
        current.atStart === next.atStart &&
        current.atEnd === next.atEnd
          ? current
          : next,
      );
    };
    measure();
    const frames = onFrames(measure);
    element.addEventListener('scroll', frames.schedule, { passive: true });
    window.addEventListener('resize', frames.schedule);
    return () => {
      frames.cancel();
      element.removeEventListener('scroll', frames.schedule);
      window.removeEventListener('resize', frames.schedule);
    };
  }, [ref, overscan]);
  return span;
}
