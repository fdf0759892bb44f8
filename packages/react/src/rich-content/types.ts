import type {
  RichContentDataField,
  RichContentDecoration,
  RichContentNodeData,
  RichContentNodeStyle,
} from '@atrium/contract/types';
import type { MediaHelpers } from '@atrium/sdk/media';
import type { ComponentType, ReactNode } from 'react';
import type { Rec } from './safe.js';

/**
 * A node as read: REST reads carry `id`, webhook events `_id` (docs/blog-wire.md §D.5). `type` is a
 * string so that documents with node types this version does not know still type-check (they render
 * their children).
 */
export interface RichContentNodeLike extends RichContentNodeData {
  type?: string | null;
  id?: string | null;
  _id?: string | null;
  nodes?: readonly RichContentNodeLike[] | null;
  style?: RichContentNodeStyle | null;
}

/** A document `{ nodes, metadata, documentStyle }`, from a REST read or from an event. */
export interface RichContentDocument {
  nodes?: readonly RichContentNodeLike[] | null;
  metadata?: object | null;
  documentStyle?: object | null;
}

/** Text of the default renderers; pass some to translate them. */
export interface RichContentLabels {
  spoiler: string;
  hideSpoiler: string;
  gallery: string;
  toc: string;
  download: string;
  map: string;
  poll: string;
  votes: string;
  video: string;
  audio: string;
  embed: string;
  /** The button of app embed cards. */
  view: string;
  /** The button on a video player's poster, which loads the player. */
  play: string;
  /** After a player's host name, when the browser is offline. */
  unreachable: string;
}

export const DEFAULT_LABELS: RichContentLabels = {
  spoiler: 'Reveal spoiler',
  hideSpoiler: 'Hide spoiler',
  gallery: 'Gallery',
  toc: 'Table of contents',
  download: 'Download',
  map: 'Open map',
  poll: 'Poll',
  votes: 'votes',
  video: 'Video',
  audio: 'Audio',
  embed: 'Embedded content',
  view: 'View',
  play: 'Play',
  unreachable: 'cannot be reached: the player needs a connection',
};

/** How a file id (`src.id` of audio, files, non-image media) becomes a URL. */
export type RichContentFileUrl = (id: string, kind: 'audio' | 'file' | 'video') => string;

/** Votes per option id, per poll id (the document holds the options, not the results). */
export type RichContentPollResults = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** What every node renderer is given; shared by one document's nodes. */
export interface RichContentContext {
  readonly components: RichContentComponents;
  readonly decorations: RichContentDecorationComponents;
  readonly media: MediaHelpers;
  readonly fileUrl: RichContentFileUrl;
  readonly labels: RichContentLabels;
  readonly idPrefix: string;
  /** The document's top-level nodes (a table of contents reads its headings). */
  readonly root: readonly RichContentNodeLike[];
  /** Node ids some link or anchor points at: those nodes get a DOM id. */
  readonly targets: ReadonlySet<string>;
  readonly pollResults?: RichContentPollResults;
  /** Spoiler ids revealed so far (text spoilers sharing an id reveal together). */
  readonly revealed: ReadonlySet<string>;
  readonly toggleSpoiler: (id: string) => void;
}

export interface RichContentNodeProps {
  readonly node: RichContentNodeLike;
  /** `node.type` ('' when missing). */
  readonly type: string;
  /** The node's data field (`paragraphData`, `imageData`, …), `{}` when absent. */
  readonly data: Rec;
  /** `id`, or `_id` for documents from events. */
  readonly nodeId?: string;
  /** The DOM id to set on the node's element: for anchor targets and headings. */
  readonly domId?: string;
  /** The child nodes, rendered (one element each). */
  readonly children: ReactNode[];
  /** Position among its siblings. */
  readonly index: number;
  /** Enclosing nodes, the parent last. */
  readonly ancestors: readonly RichContentNodeLike[];
  readonly context: RichContentContext;
}

export interface RichContentDecorationProps {
  readonly decoration: RichContentDecoration;
  readonly type: string;
  /** The decoration's data field (`linkData`, `colorData`, … or the value for BOLD and the booleans). */
  readonly data: unknown;
  /** The text with the decorations applied before this one. */
  readonly children: ReactNode;
  readonly node: RichContentNodeLike;
  readonly context: RichContentContext;
}

export type RichContentNodeComponent = ComponentType<RichContentNodeProps>;
export type RichContentDecorationComponent = ComponentType<RichContentDecorationProps>;

/** Node type → renderer (`PARAGRAPH`, `IMAGE`, `GALLERY`, …); unknown types are accepted too. */
export type RichContentComponents = Readonly<Record<string, RichContentNodeComponent | undefined>>;
/** Decoration type → renderer (`BOLD`, `LINK`, `SPOILER`, …). */
export type RichContentDecorationComponents = Readonly<
  Record<string, RichContentDecorationComponent | undefined>
>;

export type { RichContentDataField };
