/**
 * The records of an XML feed as its bytes arrive (issue 69's portal feeds: a Property Finder `<list>` of
 * `<property>`, a Bayut `<Properties>` of `<Property>`): each record element handed over as a small tree
 * the moment it closes, so memory holds one record, never the file. Read as exporters write: the
 * encoding from a BOM or the XML declaration (UTF-8 when neither says), CDATA as text, element names
 * compared case-insensitively (exporters disagree on `Property_purpose` and `Property_Purpose`), and
 * tolerant of what they get wrong (an unescaped `&` in a URL). What cannot be a whole feed is said:
 * bytes that are no XML, another root than the format's, a file that ends inside a record.
 */
import { TextDecoder } from 'util';
import sax from 'sax';
import type { XmlElement } from '../mapping/xml-element';


export interface XmlFeedShape {
  /** The root element's name, lower-case (`list`, `properties`). */
  root: string;
  /** The record elements' name, lower-case (`property`). */
  record: string;
}

/** What the whole feed was once it ended: its root's attributes and how many records it held. */
export interface XmlFeedEnd {
  rootAttributes: Record<string, string>;
  records: number;
}

/** A record longer than this is no listing: a feed that never closes one fails here, not in memory. */
const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/** The first bytes, where a BOM or the declaration names the encoding. */
const SNIFF_BYTES = 512;

export class XmlFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlFeedError';
  }
}

/** The encoding the feed's first bytes name, as TextDecoder calls it, and how many BOM bytes to skip. */
export function sniffEncoding(head: Uint8Array): { encoding: string; skip: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  const declaration = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(Buffer.from(head.subarray(0, SNIFF_BYTES)).toString('latin1'));
  return { encoding: declaration ? declaration[1].toLowerCase() : 'utf-8', skip: 0 };
}

function decoderFor(encoding: string): TextDecoder {
  try {
    return new TextDecoder(encoding);
  } catch {
    throw new XmlFeedError(`the feed declares the encoding "${encoding}", which this service cannot read`);
  }
}

/**
 * A reader of one feed of `shape`: `write` its bytes as they come, `end` once they stopped. `onRecord`
 * gets each record as it closes; what it throws stops the reading and is thrown by `write` or `end`.
 */
export function xmlRecordReader(shape: XmlFeedShape, onRecord: (record: XmlElement) => void) {
  const parser = sax.parser(false, { lowercase: true, trim: false, normalize: false });
  let decoder: TextDecoder | undefined;
  let head: Buffer | undefined = Buffer.alloc(0);
  let rootAttributes: Record<string, string> | undefined;
  let rootClosed = false;
  let depth = 0;
  /** The open elements of the record being read, outermost first; empty between records. */
  const open: XmlElement[] = [];
  let recordChars = 0;
  let records = 0;
  let failure: Error | undefined;

  const fail = (error: Error) => {
    failure ??= error;
  };

  parser.onopentag = (tag) => {
    depth += 1;
    if (depth === 1) {
      if (tag.name !== shape.root) fail(new XmlFeedError(`the feed's root element is <${tag.name}>, not the <${shape.root}> of this format`));
      rootAttributes = attributesOf(tag.attributes);
      return;
    }
    if (open.length === 0 && tag.name !== shape.record) return;
    const element: XmlElement = { name: tag.name, attributes: attributesOf(tag.attributes), text: '', children: [] };
    open.at(-1)?.children.push(element);
    open.push(element);
  };

  const addText = (text: string) => {
    const element = open.at(-1);
    if (!element) return;
    element.text += text;
    recordChars += text.length;
    if (recordChars > MAX_RECORD_CHARS) fail(new XmlFeedError(`record ${records + 1} is longer than ${MAX_RECORD_CHARS / 1024 / 1024} MB of text: the feed is not closing it`));
  };
  parser.ontext = addText;
  parser.oncdata = addText;

  parser.onclosetag = () => {
    depth -= 1;
    if (depth === 0) rootClosed = true;
    const element = open.pop();
    if (!element || open.length > 0) return;
    records += 1;
    recordChars = 0;
    try {
      onRecord(element);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  };

  // Loose parsing goes on after what it can step over (an unescaped `&`); what it cannot is no XML.
  parser.onerror = (error) => {
    if (depth === 0 && !rootAttributes) fail(new XmlFeedError(`the feed is not XML: ${firstLine(error.message)}`));
    parser.resume();
  };

  const feed = (text: string) => {
    parser.write(text);
    if (failure) throw failure;
  };

  return {
    write(bytes: Uint8Array): void {
      if (failure) throw failure;
      if (decoder) return feed(decoder.decode(bytes, { stream: true }));
      head = Buffer.concat([head!, bytes]);
      if (head.length >= SNIFF_BYTES) startDecoding();
    },

    end(): XmlFeedEnd {
      if (failure) throw failure;
      feed((decoder ?? startDecoding()).decode());
      parser.close();
      if (failure) throw failure;
      if (!rootAttributes) throw new XmlFeedError('the feed holds no XML element: it is empty or not XML');
      if (!rootClosed) throw new XmlFeedError(`the feed ends before its </${shape.root}>: it was cut off after ${records} whole records`);
      return { rootAttributes, records };
    },
  };

  /** The decoder the first bytes name, fed those bytes. */
  function startDecoding(): TextDecoder {
    const { encoding, skip } = sniffEncoding(head!);
    const started = decoderFor(encoding);
    decoder = started;
    const first = head!.subarray(skip);
    head = undefined;
    feed(started.decode(first, { stream: true }));
    return started;
  }
}

function attributesOf(attributes: Record<string, string | sax.QualifiedAttribute>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, typeof value === 'string' ? value : value.value]));
}

const firstLine = (message: string) => message.split('\n')[0];
