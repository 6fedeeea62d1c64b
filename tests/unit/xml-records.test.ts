/**
 * The portal feeds' record reader (issue 69): records as they close, whatever the bytes' encoding and
 * however they are cut into chunks, and a plain reason for what cannot be a whole feed.
 */
import { describe, expect, it } from 'vitest';
import { xmlRecordReader } from '../../src/plugins/extsource/server/src/drivers/xml-records';
import type { XmlElement } from '../../src/plugins/extsource/server/src/mapping/xml-element';

const PF = { root: 'list', record: 'property' };

/** The records of `bytes` written `chunk` bytes at a time, and the feed's end. */
function read(bytes: Buffer, chunk = bytes.length, shape = PF) {
  const records: XmlElement[] = [];
  const reader = xmlRecordReader(shape, (record) => records.push(record));
  for (let at = 0; at < bytes.length; at += chunk) reader.write(bytes.subarray(at, at + chunk));
  return { records, end: reader.end() };
}

const textOf = (record: XmlElement, name: string) => record.children.find((child) => child.name === name)?.text;

const FEED = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<list last_update="2026-12-01 10:00:00" listing_count="2">',
  '  <exported_by><name>Some CRM</name></exported_by>',
  '  <property last_update="2026-11-30 09:15:00">',
  '    <reference_number><![CDATA[PF-1001]]></reference_number>',
  '    <title_ar><![CDATA[شقة فاخرة في دبي مارينا]]></title_ar>',
  '    <description_en><![CDATA[<p>Sea views &amp; <b>light</b></p>]]></description_en>',
  '    <photo><url last_updated="2026-11-01 08:00:00">https://cdn.example.ae/a.jpg?w=1&h=2</url><url>https://cdn.example.ae/b.jpg</url></photo>',
  '  </property>',
  '  <Property><Reference_Number>PF-1002</Reference_Number><empty/></Property>',
  '</list>',
].join('\r\n');

describe('xmlRecordReader', () => {
  it('hands over each record as it closes (and nothing else), with CDATA as text, attributes, repeated children and names in any case', () => {
    const { records, end } = read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(FEED)]));
    expect(end).toEqual({ rootAttributes: { last_update: '2026-12-01 10:00:00', listing_count: '2' }, records: 2 });
    expect(records.map((record) => textOf(record, 'reference_number'))).toEqual(['PF-1001', 'PF-1002']);
    expect(records[0].attributes).toEqual({ last_update: '2026-11-30 09:15:00' });
    expect(textOf(records[0], 'title_ar')).toBe('شقة فاخرة في دبي مارينا');
    expect(textOf(records[0], 'description_en')).toBe('<p>Sea views &amp; <b>light</b></p>');
    const photo = records[0].children.find((child) => child.name === 'photo')!;
    expect(photo.children.map((url) => [url.text, url.attributes.last_updated])).toEqual([
      ['https://cdn.example.ae/a.jpg?w=1&h=2', '2026-11-01 08:00:00'],
      ['https://cdn.example.ae/b.jpg', undefined],
    ]);
    expect(textOf(records[1], 'empty')).toBe('');
  });

  it('reads the same records whatever the chunks, a character split between two of them included', () => {
    const bytes = Buffer.from(FEED);
    const whole = read(bytes).records;
    for (const chunk of [1, 7, 600]) expect(read(bytes, chunk).records).toEqual(whole);
  });

  it('decodes the encoding the declaration names: ISO-8859-1 and windows-1256', () => {
    const latin = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><list><property><title_en>Caf\xe9 Marina</title_en></property></list>', 'latin1');
    expect(textOf(read(latin, 5).records[0], 'title_en')).toBe('Café Marina');
    // "دبي" in windows-1256.
    const arabic = Buffer.concat([Buffer.from("<?xml version='1.0' encoding='windows-1256'?><list><property><title_ar>"), Buffer.from([0xcf, 0xc8, 0xed]), Buffer.from('</title_ar></property></list>')]);
    expect(textOf(read(arabic).records[0], 'title_ar')).toBe('دبي');
  });

  it('refuses what cannot be a whole feed of the format, with the reason', () => {
    const fails = (text: string) => () => read(Buffer.from(text));
    expect(fails(FEED.slice(0, FEED.indexOf('<Property>') + 20))).toThrow('the feed ends before its </list>: it was cut off after 1 whole records');
    expect(fails('<Properties><Property/></Properties>')).toThrow("the feed's root element is <properties>, not the <list> of this format");
    expect(fails('')).toThrow('the feed holds no XML element: it is empty or not XML');
    expect(fails('{"listings": []}')).toThrow('the feed holds no XML element: it is empty or not XML');
    expect(fails('<?xml version="1.0" encoding="x-klingon"?><list/>')).toThrow('the feed declares the encoding "x-klingon", which this service cannot read');
    expect(fails(`<list><property><description_en>${'a'.repeat(4 * 1024 * 1024 + 1)}`)).toThrow('record 1 is longer than 4 MB of text: the feed is not closing it');
  });

  it('stops at the first record its reader refuses, with that reason', () => {
    const reader = xmlRecordReader(PF, () => {
      throw new Error('no room');
    });
    expect(() => reader.write(Buffer.from(FEED.padEnd(600)))).toThrow('no room');
  });
});
